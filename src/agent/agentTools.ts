/**
 * Registers the generic language-model tools (they answer about any resource through the kinds): List Gateways and
 * Get Item. Each feature registers its own tools (its `registerTools`); the names here and in package.json
 * `languageModelTools` must agree (scripts/checkTools.ts checks it in CI). Every tool only reads.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../commands/commandContext';
import { lazyTool } from './lazyTool';

export function registerAgentTools(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('pageGateway_listGateways', lazyTool(async () => new (await import('./listGatewaysTool.js')).ListGatewaysTool(ctx))),
    vscode.lm.registerTool('pageGateway_getItem', lazyTool(async () => new (await import('./getItemTool.js')).GetItemTool(ctx))),
  ];
}
