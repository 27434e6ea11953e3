/** Refresh, and the status filter of the Page Groups view. */
import * as vscode from 'vscode';
import { NO_STATUS, type GroupKey } from '../views/pageGroups/pageGroupsModel';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import type { PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import type { CommandContext } from './commandContext';

/** A status row: back to page 1 for that status. Anywhere else: the whole view. */
export function refreshPageGroups(ctx: CommandContext, node?: PageGroupsNode): void {
  ctx.pageGroups.reload(node?.kind === 'status' ? node.key : undefined);
}

export function refreshWebhooks(ctx: CommandContext): void {
  ctx.webhooks.reload();
}

interface StatusPick extends vscode.QuickPickItem {
  readonly key: GroupKey;
}

/** Quick pick of known statuses; a status that is not listed can be typed. A string argument filters directly. */
export async function filterByStatus(ctx: CommandContext, status?: unknown): Promise<void> {
  if (typeof status === 'string' && status !== '') {
    applyFilter(ctx, status);
    return;
  }
  const known = ctx.pageGroups.knownGroups().map((key): StatusPick => ({ label: groupLabel(key), key }));
  const quickPick = vscode.window.createQuickPick<StatusPick>();
  quickPick.title = 'Page Gateway: Filter Page Groups by Status';
  quickPick.placeholder = known.length > 0 ? 'Pick a status, or type one' : 'Type a status';
  quickPick.items = known;
  const chosen = await new Promise<GroupKey | undefined>((resolve) => {
    quickPick.onDidChangeValue((value) => {
      const typed = value.trim();
      const exact = known.some((pick) => pick.key === typed);
      quickPick.items = typed === '' || exact ? known : [...known, { label: typed, description: 'filter by this status', key: typed, alwaysShow: true }];
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
    applyFilter(ctx, chosen);
  }
}

export function clearStatusFilter(ctx: CommandContext): void {
  applyFilter(ctx, undefined);
}

function applyFilter(ctx: CommandContext, key: GroupKey | undefined): void {
  ctx.pageGroups.setFilter(key);
  ctx.pageGroupsView.description = key === undefined ? undefined : `status: ${key === NO_STATUS ? '(none)' : key}`;
  void vscode.commands.executeCommand('setContext', 'pageGateway.filtered', key !== undefined);
  if (key !== undefined && ctx.pageGroupsView.visible) {
    // A row keeps the collapse state it had under the same id; the filtered group is what the user wants to see.
    void Promise.resolve(ctx.pageGroupsView.reveal(ctx.pageGroups.statusNode(key), { expand: true, select: false, focus: false })).catch(() => undefined);
  }
}
