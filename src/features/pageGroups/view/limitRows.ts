/**
 * The rows that stand where the Page Groups tree stops drawing: past `pageGateway.maxTreeRows` rows under a status (how
 * many more are loaded; Open as Table, Search), and at `pageGateway.maxLoadedPageGroups` (where "Load more…" would be).
 */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import { formatNumber } from '../../../l10n/numbers';
import { infoRow, warningRow, type MessageNode } from '../../../views/messageRows';
import { rowContextValue } from '../../../views/rowCapabilities';
import { capMessage, capRowLabel, MAX_LOADED_SETTING } from '../text/loadLimitText';

/** What the "more loaded" row says: `more` page groups loaded and not drawn. */
export function moreRowsLabel(more: number): string {
  return l10n.t({ message: '{0} more loaded: Open as Table or Search', args: [formatNumber(more)], comment: '{0} is a number of page groups not drawn in the tree' });
}

/** The last row of a status with more loaded rows than the tree draws: how many more, Open as Table (click) and Search (menu). */
export function moreRowsRow(statusId: string, gateway: Gateway, more: number, maxTreeRows: number): MessageNode {
  const label = moreRowsLabel(more);
  const tooltip = l10n.t(
    'The tree draws {0} rows under a status ({1}); the other page groups are loaded and in the table, Search, Go to ID and Export. Click to open the table; right-click for Search.',
    formatNumber(maxTreeRows),
    '`pageGateway.maxTreeRows`',
  );
  const open: vscode.Command = { command: 'pageGateway.openPageGroupsTable', title: l10n.t('Open Page Groups as Table'), arguments: [{ gateway }] };
  return { ...infoRow(`${statusId}/moreRows`, label, tooltip, open), contextValue: rowContextValue('moreRows', ['search']), gateway };
}

/** Where "Load more…" would be once the gateway holds `limit` page groups: the limit, and the setting. */
export function capRow(id: string, gateway: Gateway, limit: number, several: boolean): MessageNode {
  const open: vscode.Command = { command: 'workbench.action.openSettings', title: l10n.t('Open Settings'), arguments: [MAX_LOADED_SETTING] };
  return { ...warningRow(id, capRowLabel(limit), `${capMessage(limit, several ? gateway.name : undefined)}\n\n${l10n.t('Click to open the setting.')}`, open), gateway };
}
