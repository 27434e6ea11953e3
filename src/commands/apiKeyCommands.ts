/** Set API Key… / Clear API Key: per gateway, in SecretStorage under its base URL; then one request checks the key. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { GatewayError } from '../api/errors';
import type { Gateway } from '../gateway/gateway';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { describeGatewayError } from '../text/errorText';
import { gatewayTitle } from '../gateway/gatewayText';
import { plainText } from '../text/surfaceText';

export async function setApiKey(ctx: CommandContext, arg?: unknown): Promise<void> {
  if (ctx.registry.entries().length === 0) {
    await vscode.commands.executeCommand('pageGateway.setBaseUrl');
    if (ctx.registry.gateways().length === 0) {
      return;
    }
  }
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Set API Key'), placeHolder: l10n.t('Set the API key of which gateway?') });
  if (!gateway) {
    return;
  }
  const entered = await vscode.window.showInputBox({
    title: ctx.registry.gateways().length > 1 ? l10n.t('Page Gateway: Set API Key — {0}', gateway.name) : l10n.t('Page Gateway: Set API Key'),
    prompt: l10n.t("API key for {0}. Stored in the editor's secret storage for this gateway only, sent only in the {1} header.", gateway.base.href, 'x-api-key'),
    placeHolder: l10n.t('{0} value', 'x-api-key'),
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
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Clear API Key'), placeHolder: l10n.t('Remove the API key of which gateway?') });
  if (!gateway) {
    return;
  }
  await gateway.connection.deleteKey();
  await gateway.connection.keyChanged();
  vscode.window.setStatusBarMessage(`$(check) ${l10n.t('API key of {0} removed', plainText(gateway.name))}`, 4000);
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
      ? l10n.t("The API key of {0} will not be sent to {1} over plain HTTP. Use an https:// URL, or answer again from the gateway's row.", gateway.name, origin)
      : l10n.t('The API key of {0} is not sent to {1} until you allow plain HTTP for it.', gateway.name, origin),
  );
  return false;
}

/** The consent row under a plain-HTTP gateway: forget the answer and ask again (a user action). */
export async function answerInsecure(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Send Key over Plain HTTP?') });
  if (!gateway || !gateway.connection.needsConsent) {
    return;
  }
  await ctx.consent.forget(gateway.base.origin);
  await ensureConsent(ctx, gateway);
}

export function validateKey(value: string): string | undefined {
  const key = value.trim();
  if (key === '') {
    return l10n.t('Enter the API key.');
  }
  if (/\s/.test(key)) {
    return l10n.t('An API key cannot contain spaces or line breaks.');
  }
  return undefined;
}

/**
 * One cheap request (the `probe` of the first kind that has one: a page of one item) says whether the gateway accepts
 * the key. A rejected key is kept unless the user removes it.
 */
export async function verifyKey(ctx: CommandContext, gateway: Gateway): Promise<void> {
  const state = await gateway.connection.state();
  const probe = ctx.kinds.all().find((kind) => kind.probe !== undefined)?.probe;
  if (state.kind !== 'ready' || probe === undefined) {
    return;
  }
  try {
    await gateway.connection.withClient((client) => probe(client));
    void vscode.window.showInformationMessage(l10n.t('The gateway {0} accepted the API key.', gatewayTitle(gateway.name, gateway.address)));
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'unauthorized') {
      // The way on is another key (first); removing it is the other choice; closing the message keeps it.
      const another = l10n.t('Enter Another Key…');
      const removeKey = l10n.t('Remove Key');
      void vscode.window
        .showWarningMessage(l10n.t('The gateway {0} rejected this API key (HTTP {1}).', gatewayTitle(gateway.name, gateway.address), error.status ?? 401), another, removeKey)
        .then(async (choice) => {
          if (choice === another) {
            await vscode.commands.executeCommand('pageGateway.setApiKey', { gateway });
          } else if (choice === removeKey) {
            await Promise.all(gateway.connection.scopes.map((scope) => ctx.keys.delete(scope)));
            await gateway.connection.keyChanged();
          }
        });
      return;
    }
    const message = error instanceof GatewayError ? describeGatewayError(error) : String(error);
    void vscode.window.showWarningMessage(l10n.t('API key saved for {0}, but it could not be checked: {1}', gateway.name, message));
  }
}
