/** Registers every contributed command. */
import * as vscode from 'vscode';
import { answerInsecure, clearApiKey, setApiKey } from './apiKeyCommands';
import type { CommandContext } from './commandContext';
import { compareWebhooksAcrossGateways, compareWithSelected, selectForCompare } from './compareCommands';
import { copyAsCurl, copyId, copyViewAsCurl, copyWebhookUrl } from './copyCommands';
import { exportItems, exportWebhooks } from './exportCommand';
import { addGateway, removeGateway, setBaseUrl } from './gatewayCommands';
import { loadAll, loadMore } from './loadCommands';
import { openJson } from './openJsonCommand';
import { goToId } from './goToIdCommand';
import { revealInTree, revealItem } from './revealCommand';
import { searchPageGroups } from './searchCommand';
import { clearStatusFilter, filterByStatus, refreshPageGroups, refreshWebhooks } from './viewCommands';
import { groupWebhooksBy, showWebhookProblems } from './webhookCommands';

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  const commands: Record<string, (...args: never[]) => unknown> = {
    'pageGateway.addGateway': () => addGateway(ctx),
    'pageGateway.removeGateway': (arg?: unknown, choice?: unknown) => removeGateway(ctx, arg, choice),
    'pageGateway.setApiKey': (arg?: unknown) => setApiKey(ctx, arg),
    'pageGateway.clearApiKey': (arg?: unknown) => clearApiKey(ctx, arg),
    'pageGateway.setBaseUrl': (arg?: unknown) => setBaseUrl(ctx, arg),
    'pageGateway.answerInsecure': (arg?: unknown) => answerInsecure(ctx, arg),
    'pageGateway.refreshPageGroups': (node?: Parameters<typeof refreshPageGroups>[1]) => refreshPageGroups(ctx, node),
    'pageGateway.refreshWebhooks': (arg?: unknown) => refreshWebhooks(ctx, arg),
    'pageGateway.loadMore': (target?: Parameters<typeof loadMore>[1]) => loadMore(ctx, target),
    'pageGateway.loadAll': (node?: Parameters<typeof loadAll>[1]) => loadAll(ctx, node),
    'pageGateway.filterByStatus': (arg?: unknown) => filterByStatus(ctx, arg),
    'pageGateway.clearStatusFilter': (arg?: unknown) => clearStatusFilter(ctx, arg),
    'pageGateway.openJson': (node?: Parameters<typeof openJson>[1]) => openJson(ctx, node),
    'pageGateway.copyId': (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => copyId(ctx, node, selected),
    // The row menu's entry: the same command, titled without "…" because it copies at once (the palette's asks which).
    'pageGateway.copyRowId': (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => copyId(ctx, node, selected),
    'pageGateway.copyWebhookUrl': (node?: Parameters<typeof copyWebhookUrl>[1]) => copyWebhookUrl(ctx, node),
    'pageGateway.selectForCompare': (node?: Parameters<typeof selectForCompare>[1]) => selectForCompare(ctx, node),
    'pageGateway.compareWithSelected': (node?: Parameters<typeof compareWithSelected>[1]) => compareWithSelected(ctx, node),
    'pageGateway.compareWebhooksAcrossGateways': (first?: unknown, second?: unknown) => compareWebhooksAcrossGateways(ctx, first, second),
    'pageGateway.revealInTree': (uri?: unknown) => revealInTree(ctx, uri),
    'pageGateway.revealItem': (arg?: unknown) => revealItem(ctx, arg),
    'pageGateway.search': (arg?: unknown) => searchPageGroups(ctx, arg),
    'pageGateway.goToId': (arg?: unknown) => goToId(ctx, arg),
    'pageGateway.showLogs': () => ctx.logger.show(),
    'pageGateway.copyAsCurl': (node?: Parameters<typeof copyAsCurl>[1], selected?: Parameters<typeof copyAsCurl>[2]) => copyAsCurl(ctx, node, selected),
    'pageGateway.copyPageGroupsAsCurl': (arg?: unknown) => copyViewAsCurl(ctx, ctx.pageGroups, arg),
    'pageGateway.copyWebhooksAsCurl': (arg?: unknown) => copyViewAsCurl(ctx, ctx.webhooks, arg),
    'pageGateway.groupWebhooksByEvent': () => groupWebhooksBy('event'),
    'pageGateway.groupWebhooksBySubscription': () => groupWebhooksBy('subscription'),
    'pageGateway.showWebhookProblems': () => showWebhookProblems(ctx),
    'pageGateway.export': (arg?: unknown, options?: unknown) => exportItems(ctx, arg, options),
    'pageGateway.exportWebhooks': (arg?: unknown, options?: unknown) => exportWebhooks(ctx, arg, options),
  };
  return Object.entries(commands).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
