/**
 * The page groups feature's language-model tools (package.json `languageModelTools`; scripts/checkTools.ts checks
 * the names agree). Each tool's code loads at its first call.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { lazyTool } from '../../../agent/lazyTool';

export function registerPageGroupTools(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('pageGateway_countPageGroups', lazyTool(async () => new (await import('./countPageGroupsTool.js')).CountPageGroupsTool(ctx))),
    vscode.lm.registerTool('pageGateway_findPageGroups', lazyTool(async () => new (await import('./findPageGroupsTool.js')).FindPageGroupsTool(ctx))),
  ];
}
