/** Refresh, and the status filter of the Page Groups view (per gateway). */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Gateway } from '../gateway/gateway';
import { NO_STATUS, type GroupKey } from '../views/pageGroups/pageGroupsModel';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import type { PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import type { CommandContext } from './commandContext';
import { gatewayOf, pickGateway, pickGateways } from './gatewayPicker';
import { plainText } from '../views/common/surfaceText';

/** A status row: back to page 1 for that status. A gateway's row: that gateway. Elsewhere: the picked gateways. */
export async function refreshPageGroups(ctx: CommandContext, node?: PageGroupsNode): Promise<void> {
  const gateways = await pickGateways(ctx.registry, node, l10n.t('Page Gateway: Refresh Page Groups'));
  for (const gateway of gateways) {
    ctx.pageGroups.reload(gateway, node?.kind === 'status' ? node.key : undefined);
  }
}

export async function refreshWebhooks(ctx: CommandContext, node?: unknown): Promise<void> {
  const gateways = await pickGateways(ctx.registry, node, l10n.t('Page Gateway: Refresh Webhook Subscriptions'));
  await Promise.all(gateways.map((gateway) => ctx.webhooks.reload(gateway)));
}

interface StatusPick extends vscode.QuickPickItem {
  readonly key: GroupKey;
}

/** Quick pick of the gateway's known statuses; a status that is not listed can be typed. A string argument filters directly. */
export async function filterByStatus(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, typeof arg === 'string' ? undefined : arg, { title: l10n.t('Page Gateway: Filter Page Groups by Status') });
  if (!gateway) {
    return;
  }
  if (typeof arg === 'string' && arg !== '') {
    applyFilter(ctx, gateway, arg);
    return;
  }
  const known = ctx.pageGroups.knownGroups(gateway).map((key): StatusPick => ({ label: plainText(groupLabel(key)), key }));
  const quickPick = vscode.window.createQuickPick<StatusPick>();
  quickPick.title =
    ctx.registry.gateways().length > 1 ? l10n.t('Page Gateway: Filter {0} by Status', gateway.name) : l10n.t('Page Gateway: Filter Page Groups by Status');
  quickPick.placeholder = known.length > 0 ? l10n.t('Pick a status, or type one') : l10n.t('Type a status');
  quickPick.items = known;
  const chosen = await new Promise<GroupKey | undefined>((resolve) => {
    quickPick.onDidChangeValue((value) => {
      const typed = value.trim();
      const exact = known.some((pick) => pick.key === typed);
      quickPick.items = typed === '' || exact ? known : [...known, { label: plainText(typed), description: l10n.t('filter by this status'), key: typed, alwaysShow: true }];
    });
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0]?.key);
      quickPick.hide();
    });
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  quickPick.dispose();
  if (chosen !== undefined) {
    applyFilter(ctx, gateway, chosen);
  }
}

/** From a gateway's row: that gateway's filter; otherwise the filtered gateway (picked when several are). */
export async function clearStatusFilter(ctx: CommandContext, arg?: unknown): Promise<void> {
  const filtered = ctx.pageGroups.filteredGateways();
  const gateway = gatewayOf(arg) ?? (filtered.length === 0 ? undefined : await pickGateway(ctx.registry, undefined, { title: l10n.t('Page Gateway: Clear Status Filter'), among: filtered }));
  if (gateway) {
    applyFilter(ctx, gateway, undefined);
  }
}

/** The view's description names the filters in force. */
export function filterDescription(ctx: CommandContext): string | undefined {
  const several = ctx.registry.gateways().length > 1;
  const parts = ctx.pageGroups.filteredGateways().map((gateway) => {
    const key = ctx.pageGroups.filter(gateway) as GroupKey;
    const status = l10n.t('status: {0}', key === NO_STATUS ? l10n.t('(none)') : key);
    return several ? l10n.t({ message: '{0} {1}', args: [gateway.name, status], comment: 'a gateway name, then its filter: "staging status: draft"' }) : status;
  });
  return parts.length === 0 ? undefined : parts.join(' · ');
}

function applyFilter(ctx: CommandContext, gateway: Gateway, key: GroupKey | undefined): void {
  ctx.pageGroups.setFilter(gateway, key);
  if (key !== undefined && ctx.pageGroupsView.visible) {
    // A row keeps the collapse state it had under the same id; the filtered group is what the user wants to see.
    void Promise.resolve(ctx.pageGroupsView.reveal(ctx.pageGroups.statusNode(gateway, key), { expand: true, select: false, focus: false })).catch(() => undefined);
  }
}
