/** Set API Key… / Clear API Key: per gateway, in SecretStorage under its base URL; then one request checks the key. */
import * as vscode from 'vscode';
import { GatewayError } from '../api/errors';
import type { Gateway } from '../gateway/gateway';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { describeGatewayError } from '../views/common/errorText';
import { gatewayTitle } from '../views/common/gatewayText';

export async function setApiKey(ctx: CommandContext, arg?: unknown): Promise<void> {
  if (ctx.registry.entries().length === 0) {
    await vscode.commands.executeCommand('pageGateway.setBaseUrl');
    if (ctx.registry.gateways().length === 0) {
      return;
    }
  }
  const gateway = await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Set API Key', placeHolder: 'Set the API key of which gateway?' });
  if (!gateway) {
    return;
  }
  const entered = await vscode.window.showInputBox({
    title: ctx.registry.gateways().length > 1 ? `Page Gateway: Set API Key — ${gateway.name}` : 'Page Gateway: Set API Key',
    prompt: `API key for ${gateway.base.href}. Stored in the editor's secret storage for this gateway only, sent only in the x-api-key header.`,
    placeHolder: 'x-api-key value',
    password: true,
    ignoreFocusOut: true,
    validateInput: validateKey,
  });
  if (entered === undefined) {
    return;
  }
  await ctx.keys.store(gateway.connection.scope, entered.trim());
  await gateway.connection.keyChanged();
  if (!(await ensureConsent(ctx, gateway))) {
    return;
  }
  await verifyKey(ctx, gateway);
}

export async function clearApiKey(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Clear API Key', placeHolder: 'Remove the API key of which gateway?' });
  if (!gateway) {
    return;
  }
  await ctx.keys.delete(gateway.connection.scope);
  await gateway.connection.keyChanged();
  vscode.window.setStatusBarMessage(`$(check) API key of ${gateway.name} removed`, 4000);
}

/** Plain HTTP to another machine: asks (this is a user action) unless answered; true when the key may be sent. */
export async function ensureConsent(ctx: CommandContext, gateway: Gateway): Promise<boolean> {
  if (!gateway.connection.needsConsent) {
    return true;
  }
  const origin = gateway.base.origin;
  const answer = ctx.consent.remembered(origin) ?? (await ctx.consent.ask(origin));
  if (answer === 'allow') {
    return true;
  }
  void vscode.window.showWarningMessage(
    answer === 'deny'
      ? `The API key of ${gateway.name} will not be sent to ${origin} over plain HTTP. Use an https:// URL, or answer again from the gateway's row.`
      : `The API key of ${gateway.name} is not sent to ${origin} until you allow plain HTTP for it.`,
  );
  return false;
}

/** The consent row under a plain-HTTP gateway: forget the answer and ask again (a user action). */
export async function answerInsecure(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Send Key over Plain HTTP?' });
  if (!gateway || !gateway.connection.needsConsent) {
    return;
  }
  await ctx.consent.forget(gateway.base.origin);
  await ensureConsent(ctx, gateway);
}

export function validateKey(value: string): string | undefined {
  const key = value.trim();
  if (key === '') {
    return 'Enter the API key.';
  }
  if (/\s/.test(key)) {
    return 'An API key cannot contain spaces or line breaks.';
  }
  return undefined;
}

/** One cheap request (`limit=1`) says whether the gateway accepts the key. A rejected key is kept unless the user removes it. */
async function verifyKey(ctx: CommandContext, gateway: Gateway): Promise<void> {
  const state = await gateway.connection.state();
  if (state.kind !== 'ready') {
    return;
  }
  try {
    await gateway.connection.withClient((client) => client.listPageGroups({ limit: 1 }));
    void vscode.window.showInformationMessage(`The gateway ${gatewayTitle(gateway.name, gateway.address)} accepted the API key.`);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'unauthorized') {
      void vscode.window
        .showWarningMessage(`The gateway ${gatewayTitle(gateway.name, gateway.address)} rejected this API key (HTTP ${error.status ?? 401}).`, 'Keep Key', 'Remove Key')
        .then(async (choice) => {
          if (choice === 'Remove Key') {
            await ctx.keys.delete(gateway.connection.scope);
            await gateway.connection.keyChanged();
          }
        });
      return;
    }
    const message = error instanceof GatewayError ? describeGatewayError(error) : String(error);
    void vscode.window.showWarningMessage(`API key saved for ${gateway.name}, but it could not be checked: ${message}`);
  }
}
