/** The tree item of a status row: its label, what is loaded of it, its icon while loading or failed, its tooltip. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import type { CursorChain } from '../../../lists/paging';
import { escapeMarkdown } from '../../../text/markdown';
import { WARNING_ICON } from '../../../views/icons';
import { rowContextValue } from '../../../views/rowCapabilities';
import { EMPTY_STATUS, isDerivedGroup, NO_STATUS, type GroupKey, type KnownCount } from '../model/pageGroupsModel';
import type { RememberedCount } from '../model/statusCountMemory';
import { groupAccessibleLabel, groupCountTooltip, groupDescription, groupLabel } from '../text/groupPresentation';

/** What the row says of its status besides the chain itself. */
export interface StatusFacts {
  readonly id: string;
  readonly key: GroupKey;
  readonly chain: CursorChain<CheckedPageGroup>;
  /** Page groups of the status loaded now. */
  readonly loaded: number;
  /** Loaded page groups hidden because they are deleted. */
  readonly hiddenDeleted: number;
  readonly known: KnownCount | undefined;
  readonly remembered: RememberedCount | undefined;
  /** Page groups of the unfiltered list loaded (the tooltip says where a count comes from). */
  readonly unfilteredLoaded: number;
  readonly expanded: boolean;
}

export function statusItem(facts: StatusFacts): vscode.TreeItem {
  const { key, chain } = facts;
  const item = new vscode.TreeItem(groupLabel(key), facts.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
  item.id = facts.id;
  const summary = {
    started: chain.started,
    loading: chain.loading,
    loaded: facts.loaded,
    hasMore: chain.hasMore,
    hiddenDeleted: facts.hiddenDeleted,
    refreshing: chain.refreshing,
    known: facts.known,
    remembered: facts.remembered,
  };
  item.description = groupDescription(summary);
  item.accessibilityInformation = { label: groupAccessibleLabel(key, summary, chain.error !== undefined) };
  // A scan (Load All, an Export) has its own progress, and its rows stay shown: a spinner turning for its whole run
  // would have the editor paint frames all along (the description says "loading…").
  item.iconPath = chain.loading && !chain.scanning ? new vscode.ThemeIcon('loading~spin') : chain.error ? WARNING_ICON : new vscode.ThemeIcon(key === NO_STATUS ? 'circle-outline' : 'tag');
  // Groups fed by the unfiltered list offer no Load All: it would walk every page group of the gateway.
  item.contextValue = isDerivedGroup(key)
    ? rowContextValue('status.derived', ['json', 'curl', 'export', 'refresh'])
    : rowContextValue(`status${chain.hasMore ? '.more' : ''}`, ['json', 'curl', 'export', 'refresh', chain.hasMore && 'loadAll']);
  const what =
    key === NO_STATUS
      ? escapeMarkdown(l10n.t('Page groups that have no status (from the unfiltered list)'))
      : key === EMPTY_STATUS
        ? escapeMarkdown(l10n.t('Page groups whose status is the empty string "" (from the unfiltered list)'))
        : l10n.t('Page groups with status “{0}”', escapeMarkdown(key));
  item.tooltip = new vscode.MarkdownString(`${what}\n\n${escapeMarkdown(groupCountTooltip(summary.known, facts.unfilteredLoaded, summary.remembered))}`);
  return item;
}
