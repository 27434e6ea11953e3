/**
 * The webhooks feature's language-model tools (package.json `languageModelTools`; scripts/checkTools.ts checks the
 * names agree). Each tool's code loads at its first call.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { lazyTool } from '../../../agent/lazyTool';
import type { StoreFactory } from '../../../gateway/gateway';
import type { WebhookAnalysis } from '../model/webhookAnalysis';

export function registerWebhookTools(ctx: CommandContext, analysis: StoreFactory<WebhookAnalysis>): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('pageGateway_listWebhookSubscriptions', lazyTool(async () => new (await import('./listWebhooksTool.js')).ListWebhooksTool(ctx, analysis))),
    vscode.lm.registerTool('pageGateway_compareWebhookSubscriptions', lazyTool(async () => new (await import('./compareWebhooksTool.js')).CompareWebhooksTool(ctx))),
  ];
}
