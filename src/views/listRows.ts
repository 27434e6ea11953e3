/**
 * The rows every tree shows around a list's item rows, built in one place so that every list behaves alike:
 * - a failed load: an error row after the rows already shown (they stay), whose click retries;
 * - a failed refresh (the rows shown are from before it): a row above them that says they are the last ones loaded;
 * - a rejected key at a gateway's top level: only "Set API Key…" (as when no key is set); inside a group, after its rows;
 * - otherwise the list's own notes (a notice, a cut list), then "Load more…" while the list has more and is not loading;
 * - an empty list once it has loaded: one row that says so.
 */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { GatewayError } from '../api/errors';
import type { ListLoad } from '../lists/loadTracker';
import type { Gateway } from '../gateway/gateway';
import { errorRowText } from '../text/errorText';
import type { ListWords } from '../text/listWords';
import { failureRow, infoRow, warningRow, type MessageNode } from './messageRows';

export interface AroundRows<N> {
  /** Prefix of the ids of the rows made here. */
  readonly idPrefix: string;
  readonly gateway: Gateway;
  /** The list's words (its kind's `words`): they tell its errors. */
  readonly words: ListWords;
  /** What an error row's click runs. */
  readonly retry: vscode.Command;
  /** The rows are a gateway's top rows (a rejected key then hides them). */
  readonly top: boolean;
  /** Rows of the list's own to show when nothing failed (a notice, a cut list). */
  readonly notes?: readonly MessageNode[];
  /** The list's "Load more…" row. */
  readonly more?: () => N;
  /** The row of a list that loaded empty. */
  readonly empty: { readonly label: string; readonly tooltip?: string };
}

/** `items` are the rows of `state`'s items (or of what they are grouped in); the rows around them are added. */
export function listRows<N>(items: readonly N[], state: Omit<ListLoad, 'items'>, around: AroundRows<N>): Array<N | MessageNode> {
  const { error } = state;
  const { idPrefix, gateway, words, retry } = around;
  if (error?.kind === 'unauthorized' && around.top) {
    return [failureRow(idPrefix, error, words, retry, false, gateway)];
  }
  const rows: Array<N | MessageNode> = [...items];
  if (error !== undefined && state.refreshing && error.kind !== 'unauthorized') {
    rows.unshift(refreshFailedRow(idPrefix, error, words, retry, gateway));
  } else if (error !== undefined) {
    rows.push(failureRow(idPrefix, error, words, retry, state.started, gateway));
  } else {
    rows.push(...(around.notes ?? []));
    if (state.hasMore && !state.loading && around.more) {
      rows.push(around.more());
    }
  }
  if (rows.length === 0 && state.started && !state.hasMore && !state.loading) {
    rows.push(infoRow(`${idPrefix}/empty`, around.empty.label, around.empty.tooltip));
  }
  return rows;
}

/** The last refresh failed: the rows below are the last ones loaded. */
function refreshFailedRow(idPrefix: string, error: GatewayError, words: ListWords, retry: vscode.Command, gateway: Gateway): MessageNode {
  const text = errorRowText(error, words, false);
  return {
    ...warningRow(
      `${idPrefix}/refresh-failed`,
      l10n.t("Couldn't refresh — showing the last list loaded — retry"),
      `${text.tooltip}\n\n${l10n.t('The rows below are the ones the last successful load returned.')}`,
      retry,
    ),
    description: text.description,
    contextValue: 'pageGateway.error',
    gateway,
  };
}
