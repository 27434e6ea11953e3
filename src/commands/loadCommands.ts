/** Load more… (one page, progress inside the view) and Load All (every page at limit 100, cancellable). */
import * as vscode from 'vscode';
import { NO_STATUS, type GroupKey } from '../views/pageGroups/pageGroupsModel';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import type { LoadTarget, PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import { PAGE_GROUPS_VIEW, type CommandContext } from './commandContext';
import { describeGatewayError } from '../views/common/errorText';

const LOAD_ALL_PAGE_SIZE = 100;

function isLoadTarget(value: unknown): value is LoadTarget {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/** The target of a "Load more…", "Find more statuses…" or retry row. Anything else does nothing. */
export async function loadMore(ctx: CommandContext, target?: PageGroupsNode | LoadTarget): Promise<void> {
  let load: LoadTarget | undefined;
  if (target && 'kind' in target && target.kind === 'discover') {
    load = { key: NO_STATUS, pages: target.pages };
  } else if (target && 'kind' in target && target.kind === 'loadMore') {
    load = { key: target.key, pages: target.pages };
  } else if (target && !('kind' in target) && isLoadTarget(target)) {
    load = target;
  }
  if (load === undefined) {
    return;
  }
  const pending = ctx.pageGroups.loadMore(load);
  await vscode.window.withProgress({ location: { viewId: PAGE_GROUPS_VIEW } }, () => pending);
}

/** Loads every remaining page of a status group behind a cancellable notification; cancelling keeps what was loaded. */
export async function loadAll(ctx: CommandContext, node?: PageGroupsNode): Promise<void> {
  let key: GroupKey | undefined = node?.kind === 'status' ? node.key : undefined;
  if (key === undefined) {
    const groups = ctx.pageGroups.knownGroups();
    if (groups.length === 0) {
      void vscode.window.showInformationMessage('No statuses are known yet. Open the Page Groups view first.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      groups.map((group) => ({ label: groupLabel(group), key: group })),
      { title: 'Page Gateway: Load All', placeHolder: 'Load every page group of which status?' },
    );
    key = picked?.key;
    if (key === undefined) {
      return;
    }
  }
  const chain = ctx.pageGroups.model.chain(key);
  const statusNode = ctx.pageGroups.statusNode(key);
  if (ctx.pageGroupsView.visible) {
    void Promise.resolve(ctx.pageGroupsView.reveal(statusNode, { expand: true, select: false, focus: false })).catch(() => undefined);
  }
  const label = groupLabel(key);
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Loading all “${label}” page groups`, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        progress.report({ message: `${ctx.pageGroups.model.itemsOf(key).length} loaded` });
        await chain.loadAll(LOAD_ALL_PAGE_SIZE, controller.signal, () =>
          progress.report({ message: `${ctx.pageGroups.model.itemsOf(key).length} loaded` }),
        );
      } finally {
        subscription.dispose();
      }
    },
  );
  const loaded = ctx.pageGroups.model.itemsOf(key).length;
  if (chain.error) {
    void vscode.window.showWarningMessage(
      `Load All of “${label}” stopped after ${loaded} page groups: ${describeGatewayError(chain.error)} “Load more…” in the tree retries.`,
    );
  } else if (!chain.hasMore) {
    vscode.window.setStatusBarMessage(`$(check) Loaded all ${loaded} “${label}” page groups`, 4000);
  }
}
