/** Registers every contributed command. */
import * as vscode from 'vscode';
import { clearApiKey, setApiKey } from './apiKeyCommands';
import { setBaseUrl } from './baseUrlCommand';
import type { CommandContext } from './commandContext';
import { copyId, copyWebhookUrl } from './copyCommands';
import { loadAll, loadMore } from './loadCommands';
import { openJson } from './openJsonCommand';
import { clearStatusFilter, filterByStatus, refreshPageGroups, refreshWebhooks } from './viewCommands';

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  const commands: Record<string, (...args: never[]) => unknown> = {
    'pageGateway.setApiKey': () => setApiKey(ctx),
    'pageGateway.clearApiKey': () => clearApiKey(ctx),
    'pageGateway.setBaseUrl': () => setBaseUrl(ctx),
    'pageGateway.refreshPageGroups': (node?: Parameters<typeof refreshPageGroups>[1]) => refreshPageGroups(ctx, node),
    'pageGateway.refreshWebhooks': () => refreshWebhooks(ctx),
    'pageGateway.loadMore': (target?: Parameters<typeof loadMore>[1]) => loadMore(ctx, target),
    'pageGateway.loadAll': (node?: Parameters<typeof loadAll>[1]) => loadAll(ctx, node),
    'pageGateway.filterByStatus': (status?: unknown) => filterByStatus(ctx, status),
    'pageGateway.clearStatusFilter': () => clearStatusFilter(ctx),
    'pageGateway.openJson': (node?: Parameters<typeof openJson>[1]) => openJson(ctx, node),
    'pageGateway.copyId': (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => copyId(ctx, node, selected),
    'pageGateway.copyWebhookUrl': (node?: Parameters<typeof copyWebhookUrl>[1]) => copyWebhookUrl(ctx, node),
    'pageGateway.showLogs': () => ctx.logger.show(),
  };
  return Object.entries(commands).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
