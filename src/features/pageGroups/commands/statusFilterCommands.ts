/** The status filter of the Page Groups view (per gateway): Filter by Status…, Clear Status Filter. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { gatewayOf, pickGateway } from '../../../commands/gatewayPicker';
import type { Gateway } from '../../../gateway/gateway';
import type { GroupKey } from '../model/pageGroupsModel';
import { groupLabel } from '../text/groupPresentation';
import type { PageGroupsTree } from '../view/pageGroupsTree';
import { plainText } from '../../../text/surfaceText';

interface StatusPick extends vscode.QuickPickItem {
  readonly key: GroupKey;
}

/** Quick pick of the gateway's known statuses; a status that is not listed can be typed. A string argument filters directly. */
export async function filterByStatus(ctx: CommandContext, tree: PageGroupsTree, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, typeof arg === 'string' ? undefined : arg, { title: l10n.t('Page Gateway: Filter Page Groups by Status') });
  if (!gateway) {
    return;
  }
  if (typeof arg === 'string' && arg !== '') {
    applyFilter(tree, gateway, arg);
    return;
  }
  const known = tree.provider.knownGroups(gateway).map((key): StatusPick => ({ label: plainText(groupLabel(key)), key }));
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
    applyFilter(tree, gateway, chosen);
  }
}

/** From a gateway's row: that gateway's filter; otherwise the filtered gateway (picked when several are). */
export async function clearStatusFilter(ctx: CommandContext, tree: PageGroupsTree, arg?: unknown): Promise<void> {
  const filtered = tree.provider.filteredGateways();
  const gateway = gatewayOf(arg) ?? (filtered.length === 0 ? undefined : await pickGateway(ctx.registry, undefined, { title: l10n.t('Page Gateway: Clear Status Filter'), among: filtered }));
  if (gateway) {
    applyFilter(tree, gateway, undefined);
  }
}

function applyFilter(tree: PageGroupsTree, gateway: Gateway, key: GroupKey | undefined): void {
  tree.provider.setFilter(gateway, key);
  if (key !== undefined && tree.view.visible) {
    // A row keeps the collapse state it had under the same id; the filtered group is what the user wants to see.
    void Promise.resolve(tree.view.reveal(tree.provider.statusNode(gateway, key), { expand: true, select: false, focus: false })).catch(() => undefined);
  }
}
