/**
 * Registers the language-model tools this extension contributes (package.json `languageModelTools`); the names here
 * and there must agree (scripts/checkTools.ts checks it in CI). Every tool only reads.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';
import { CompareWebhooksTool } from './compareWebhooksTool';
import { FindPageGroupsTool } from './findPageGroupsTool';
import { GetItemTool } from './getItemTool';
import { ListGatewaysTool } from './listGatewaysTool';
import { ListWebhooksTool } from './listWebhooksTool';

export function registerAgentTools(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('pageGateway_listGateways', new ListGatewaysTool(ctx)),
    vscode.lm.registerTool('pageGateway_findPageGroups', new FindPageGroupsTool(ctx)),
    vscode.lm.registerTool('pageGateway_getItem', new GetItemTool(ctx)),
    vscode.lm.registerTool('pageGateway_listWebhookSubscriptions', new ListWebhooksTool(ctx)),
    vscode.lm.registerTool('pageGateway_compareWebhookSubscriptions', new CompareWebhooksTool(ctx)),
  ];
}
