/**
 * The rows that stand where the Page Groups tree stops drawing: past `pageGateway.maxTreeRows` rows under a status (how
 * many more are loaded; Open as Table, Search), and at `pageGateway.maxLoadedPageGroups` (where "Load more…" would be).
 */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import type { TreeNode } from '../../../views/gatewayTree';
import { formatNumber } from '../../../l10n/numbers';
import { infoRow, warningRow, type MessageNode } from '../../../views/messageRows';
import { rowContextValue } from '../../../views/rowCapabilities';
import { capMessage, capRowLabel, MAX_LOADED_SETTING } from '../text/loadLimitText';

/** What the "more loaded" row says: `more` page groups loaded and not drawn. */
export function moreRowsLabel(more: number): string {
  return l10n.t({ message: '{0} more loaded: Open as Table or Search', args: [formatNumber(more)], comment: '{0} is a number of page groups not drawn in the tree' });
}

/**
 * The last row of a status with more loaded rows than the tree draws: how many more, Open as Table (click) and Search
 * (menu). It stands for those page groups when one of them is revealed (`standInWhy`).
 */
export function moreRowsRow(status: TreeNode, gateway: Gateway, more: number, maxTreeRows: number): MessageNode {
  const label = moreRowsLabel(more);
  const tooltip = l10n.t(
    'The tree draws {0} rows under a status ({1}); the other page groups are loaded and in the table, Search, Go to ID and Export. Click to open the table; right-click for Search.',
    formatNumber(maxTreeRows),
    '`pageGateway.maxTreeRows`',
  );
  const open: vscode.Command = { command: 'pageGateway.openPageGroupsTable', title: l10n.t('Open Page Groups as Table'), arguments: [{ gateway }] };
  return { ...infoRow(`${status.id}/moreRows`, label, tooltip, open), contextValue: rowContextValue('moreRows', ['search']), gateway, parent: status };
}

/** Why a page group that is loaded has no row in the tree (Reveal in Tree selects its status's "more loaded" row). */
export function standInWhy(label: string, status: string, maxTreeRows: number): string {
  return l10n.t({
    message: '“{0}” is loaded, but the tree draws the first {1} page groups of {2} only ({3}). Its JSON, the table, Search and Go to ID have it.',
    args: [label, formatNumber(maxTreeRows), status, '`pageGateway.maxTreeRows`'],
    comment: ['{0} is a page group', '{1} is a number of rows', '{2} is a status', '{3} is the setting'],
  });
}

/** Where "Load more…" would be once the gateway holds `limit` page groups: the limit, and the setting. */
export function capRow(id: string, gateway: Gateway, limit: number, several: boolean): MessageNode {
  const open: vscode.Command = { command: 'workbench.action.openSettings', title: l10n.t('Open Settings'), arguments: [MAX_LOADED_SETTING] };
  return { ...warningRow(id, capRowLabel(limit), `${capMessage(limit, several ? gateway.name : undefined)}\n\n${l10n.t('Click to open the setting.')}`, open), gateway };
}
