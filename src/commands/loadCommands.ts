/** Load more… (one page, progress inside the view) and Load All (every page at limit 100, cancellable). */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { isDerivedGroup, NO_STATUS, type GroupKey } from '../views/pageGroups/pageGroupsModel';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import { pageGroupCount } from '../views/pageGroups/pageGroupWords';
import { formatNumber } from '../l10n/numbers';
import type { LoadTarget, PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import { describeGatewayError } from '../views/common/errorText';
import { capMessage } from '../views/pageGroups/loadLimitText';
import { PAGE_GROUPS_VIEW, type CommandContext } from './commandContext';
import { gatewayOf, pickGateway } from './gatewayPicker';

const LOAD_ALL_PAGE_SIZE = 100;
/** The shortest time between two progress reports of Load All. */
const PROGRESS_INTERVAL_MS = 100;

function isLoadTarget(value: unknown): value is LoadTarget {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string' && gatewayOf(value) !== undefined;
}

/** The target of a "Load more…", "Find more statuses…" or retry row. Anything else does nothing. */
export async function loadMore(ctx: CommandContext, target?: PageGroupsNode | LoadTarget): Promise<void> {
  let load: LoadTarget | undefined;
  if (target && 'kind' in target && target.kind === 'discover') {
    load = { gateway: target.gateway, key: NO_STATUS, pages: target.pages };
  } else if (target && 'kind' in target && target.kind === 'loadMore') {
    load = { gateway: target.gateway, key: target.key, pages: target.pages };
  } else if (target && !('kind' in target) && isLoadTarget(target)) {
    load = target;
  }
  if (load === undefined || load.gateway.removed) {
    return;
  }
  const pending = ctx.pageGroups.loadMore(load);
  await vscode.window.withProgress({ location: { viewId: PAGE_GROUPS_VIEW } }, () => pending);
}

/** Loads every remaining page of a status group behind a cancellable notification; cancelling keeps what was loaded. */
export async function loadAll(ctx: CommandContext, node?: PageGroupsNode): Promise<void> {
  const gateway = await pickGateway(ctx.registry, node, { title: l10n.t('Page Gateway: Load All'), placeHolder: l10n.t('Load page groups of which gateway?') });
  if (!gateway) {
    return;
  }
  let key: GroupKey | undefined = node?.kind === 'status' ? node.key : undefined;
  if (key === undefined) {
    const groups = ctx.pageGroups.knownGroups(gateway).filter((group) => !isDerivedGroup(group));
    if (groups.length === 0) {
      void vscode.window.showInformationMessage(l10n.t('No statuses are known yet. Open the Page Groups view first.'));
      return;
    }
    const picked = await vscode.window.showQuickPick(
      groups.map((group) => ({ label: groupLabel(group), key: group })),
      { title: l10n.t('Page Gateway: Load All'), placeHolder: l10n.t('Load every page group of which status?') },
    );
    key = picked?.key;
    if (key === undefined) {
      return;
    }
  }
  if (isDerivedGroup(key)) {
    // Only the unfiltered list holds these: loading "all" of them means scanning every page group of the gateway.
    void vscode.window.showInformationMessage(
      l10n.t('“{0}” is filled from the list of all page groups, which the gateway cannot filter for it. Use “Search Page Groups…” to scan them all.', groupLabel(key)),
    );
    return;
  }
  const groupKey = key;
  const model = ctx.pageGroups.model(gateway);
  const chain = model.chain(groupKey);
  if (ctx.pageGroupsView.visible) {
    void Promise.resolve(ctx.pageGroupsView.reveal(ctx.pageGroups.statusNode(gateway, groupKey), { expand: true, select: false, focus: false })).catch(() => undefined);
  }
  const several = ctx.registry.gateways().length > 1;
  const label = groupLabel(groupKey);
  const count = (): number => model.itemsOf(groupKey).length;
  const loaded = (): string => l10n.t('{0} loaded', formatNumber(count()));
  const title = several ? l10n.t('Loading all “{0}” page groups of {1}', label, gateway.name) : l10n.t('Loading all “{0}” page groups', label);
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        progress.report({ message: loaded() });
        // Pages can land every millisecond: the count is told at most every PROGRESS_INTERVAL_MS (each report is a
        // message to the workbench; 1,000 of them were 1.5% of Load All of 100,000 in the CPU profile).
        let reportedAt = performance.now();
        await chain.loadAll(LOAD_ALL_PAGE_SIZE, controller.signal, () => {
          const now = performance.now();
          if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
            reportedAt = now;
            progress.report({ message: loaded() });
          }
        });
      } finally {
        subscription.dispose();
      }
    },
  );
  if (chain.error) {
    const error = describeGatewayError(chain.error);
    void vscode.window.showWarningMessage(
      several
        ? l10n.t('Load All of “{0}” of {1} stopped after {2}: {3} “Load more…” in the tree retries.', label, gateway.name, pageGroupCount(count()), error)
        : l10n.t('Load All of “{0}” stopped after {1}: {2} “Load more…” in the tree retries.', label, pageGroupCount(count()), error),
    );
  } else if (chain.capped) {
    void vscode.window.showWarningMessage(capMessage(model.capReached() ?? ctx.settings().maxLoadedPageGroups, several ? gateway.name : undefined));
  } else if (!chain.hasMore) {
    const done = several
      ? l10n.t('Loaded all {0} of “{1}” on {2}', pageGroupCount(count()), label, gateway.name)
      : l10n.t('Loaded all {0} of “{1}”', pageGroupCount(count()), label);
    vscode.window.setStatusBarMessage(`$(check) ${done}`, 4000);
  }
}
