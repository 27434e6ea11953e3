/** Set API Key… / Clear API Key: the key goes to SecretStorage for the gateway's origin, then one request checks it. */
import * as vscode from 'vscode';
import { GatewayError } from '../api/errors';
import type { CommandContext } from './commandContext';
import { describeGatewayError } from '../views/common/errorText';

export async function setApiKey(ctx: CommandContext): Promise<void> {
  let origin = ctx.connection.origin();
  if (origin === undefined) {
    await vscode.commands.executeCommand('pageGateway.setBaseUrl');
    origin = ctx.connection.origin();
    if (origin === undefined) {
      return;
    }
  }
  const entered = await vscode.window.showInputBox({
    title: 'Page Gateway: Set API Key',
    prompt: `API key for ${origin}. Stored in the editor's secret storage for this origin only, sent only in the x-api-key header.`,
    placeHolder: 'x-api-key value',
    password: true,
    ignoreFocusOut: true,
    validateInput: validateKey,
  });
  if (entered === undefined) {
    return;
  }
  await ctx.keys.store(origin, entered.trim());
  await ctx.connection.keyChanged(origin);
  await verifyKey(ctx, origin);
}

export async function clearApiKey(ctx: CommandContext): Promise<void> {
  const origin = ctx.connection.origin();
  if (origin === undefined) {
    void vscode.window.showInformationMessage('No gateway URL is set, so there is no API key to clear.');
    return;
  }
  await ctx.keys.delete(origin);
  await ctx.connection.keyChanged(origin);
  vscode.window.setStatusBarMessage(`$(check) API key for ${origin} removed`, 4000);
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
async function verifyKey(ctx: CommandContext, origin: string): Promise<void> {
  const state = await ctx.connection.state();
  if (state.kind !== 'ready') {
    return;
  }
  try {
    await state.client.listPageGroups({ limit: 1 });
    void vscode.window.showInformationMessage(`The gateway at ${origin} accepted the API key.`);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'unauthorized') {
      void vscode.window
        .showWarningMessage(`The gateway at ${origin} rejected this API key (HTTP ${error.status ?? 401}).`, 'Keep Key', 'Remove Key')
        .then(async (choice) => {
          if (choice === 'Remove Key') {
            await ctx.keys.delete(origin);
            await ctx.connection.keyChanged(origin);
          }
        });
      return;
    }
    const message = error instanceof GatewayError ? describeGatewayError(error) : error instanceof Error ? error.message : String(error);
    void vscode.window.showWarningMessage(`API key saved for ${origin}, but it could not be checked: ${message}`);
  }
}
