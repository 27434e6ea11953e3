/** Load All: every remaining page of a status group at limit 100, behind a cancellable notification. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { pickGateway } from '../../../commands/gatewayPicker';
import { formatNumber } from '../../../l10n/numbers';
import { describeGatewayError } from '../../../text/errorText';
import { PAGE_GROUP_WORDS } from '../text/pageGroupWords';
import { isDerivedGroup, type GroupKey } from '../model/pageGroupsModel';
import { groupLabel } from '../text/groupPresentation';
import { pageGroupCount } from '../text/pageGroupWords';
import type { PageGroupsNode } from '../view/pageGroupsProvider';
import type { PageGroupsTree } from '../view/pageGroupsTree';
import { plainText, STATUS_MESSAGE_LENGTH } from '../../../text/surfaceText';
import { capMessage } from '../text/loadLimitText';

const LOAD_ALL_PAGE_SIZE = 100;
/** The shortest time between two progress reports of Load All. */
const PROGRESS_INTERVAL_MS = 100;

/** Loads every remaining page of a status group behind a cancellable notification; cancelling keeps what was loaded. */
export async function loadAll(ctx: CommandContext, tree: PageGroupsTree, node?: PageGroupsNode): Promise<void> {
  const gateway = await pickGateway(ctx.registry, node, { title: l10n.t('Page Gateway: Load All'), placeHolder: l10n.t('Load page groups of which gateway?') });
  if (!gateway) {
    return;
  }
  let key: GroupKey | undefined = node?.kind === 'status' ? node.key : undefined;
  if (key === undefined) {
    const groups = tree.provider.knownGroups(gateway).filter((group) => !isDerivedGroup(group));
    if (groups.length === 0) {
      void vscode.window.showInformationMessage(l10n.t('No statuses are known yet. Open the Page Groups view first.'));
      return;
    }
    const picked = await vscode.window.showQuickPick(
      groups.map((group) => ({ label: plainText(groupLabel(group)), key: group })),
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
  const model = tree.provider.model(gateway);
  const chain = model.chain(groupKey);
  // Shown, expanded, unless it already is: revealing an open status again would scroll the view to it (the issue's
  // "Load All jumps to the top") while the user is looking at its rows.
  if (tree.view.visible && !tree.provider.isExpanded(gateway, groupKey)) {
    void Promise.resolve(tree.view.reveal(tree.provider.statusNode(gateway, groupKey), { expand: true, select: false, focus: false })).catch(() => undefined);
  }
  const several = ctx.registry.gateways().length > 1;
  const label = plainText(groupLabel(groupKey));
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
        // message to the workbench).
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
    const error = describeGatewayError(chain.error, PAGE_GROUP_WORDS);
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
    vscode.window.setStatusBarMessage(`$(check) ${plainText(done, STATUS_MESSAGE_LENGTH)}`, 4000);
  }
}
