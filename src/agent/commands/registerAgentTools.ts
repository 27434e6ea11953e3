/**
 * Registers the language-model tools this extension contributes (package.json `languageModelTools`); the names here
 * and there must agree (scripts/checkTools.ts checks it in CI). Every tool only reads. A tool's code is loaded the
 * first time the agent calls it (dist/onDemand.js, esbuild.mjs): activation only registers the names.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';

export function registerAgentTools(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('pageGateway_listGateways', onFirstCall(async () => new (await import('./listGatewaysTool.js')).ListGatewaysTool(ctx))),
    vscode.lm.registerTool('pageGateway_findPageGroups', onFirstCall(async () => new (await import('./findPageGroupsTool.js')).FindPageGroupsTool(ctx))),
    vscode.lm.registerTool('pageGateway_getItem', onFirstCall(async () => new (await import('./getItemTool.js')).GetItemTool(ctx))),
    vscode.lm.registerTool('pageGateway_listWebhookSubscriptions', onFirstCall(async () => new (await import('./listWebhooksTool.js')).ListWebhooksTool(ctx))),
    vscode.lm.registerTool('pageGateway_compareWebhookSubscriptions', onFirstCall(async () => new (await import('./compareWebhooksTool.js')).CompareWebhooksTool(ctx))),
  ];
}

/** A tool that creates the real one (`create`) at its first use and hands every call to it. */
function onFirstCall<T>(create: () => Promise<vscode.LanguageModelTool<T>>): vscode.LanguageModelTool<T> {
  let tool: Promise<vscode.LanguageModelTool<T>> | undefined;
  const get = (): Promise<vscode.LanguageModelTool<T>> => (tool ??= create());
  return {
    prepareInvocation: async (options, token) => (await get()).prepareInvocation?.(options, token),
    invoke: async (options, token) => (await get()).invoke(options, token),
  };
}
