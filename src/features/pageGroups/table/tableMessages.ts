// l10n-ignore-file: no words here, only command ids and message types
/**
 * What the host does with each message from the table's webview (already checked by `readWebviewMessage`: the
 * webview is untrusted input). Rows are named by their index in the host's rows of one generation: rows of an older
 * generation are ignored. The row actions run the extension's own commands, so they behave as they do in the tree.
 */
import * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import type { ItemRef } from '../../../model/resource';
import { PAGE_GROUP } from '../pageGroupKind';
import type { RowAction, WebviewMessage } from './model/tableProtocol';
import { copyColumnValues, copyRowsWithHeaders } from './tableCopy';
import type { TableFeed } from './tableFeed';
import type { TableLoadAll } from './tableLoadAll';
import type { TableStateStore } from './tableStateStore';

/** The parts of a table a message acts on. */
export interface TableParts {
  readonly gateway: Gateway;
  readonly states: TableStateStore;
  readonly feed: TableFeed;
  readonly loader: TableLoadAll;
  /** Export of rows the webview named (or of the filtered rows). */
  readonly exportRows: (generation: number, rows: readonly number[] | 'filtered') => Promise<unknown>;
}

/** Handles one valid message from the webview. */
export async function handleTableMessage(table: TableParts, message: WebviewMessage): Promise<void> {
  const { states, feed, loader } = table;
  switch (message.type) {
    case 'ready':
      feed.start();
      return;
    case 'sort':
      states.save({ ...states.current, sort: message.sort });
      feed.sendView();
      return;
    case 'filter':
      states.save({ ...states.current, filter: message.filter });
      feed.sendView();
      return;
    case 'viewState':
      // The webview already shows it: kept for the reload, the status and Export of the filtered rows.
      states.save({ ...states.current, sort: message.sort, filter: message.filter, facetSearch: message.facetSearch });
      feed.noteShownView();
      return;
    case 'moreRows':
      feed.sendMoreRows();
      return;
    case 'facetSearch': {
      const facetSearch: Partial<Record<string, string>> = { ...states.current.facetSearch };
      if (message.query.trim() === '') {
        delete facetSearch[message.field];
      } else {
        facetSearch[message.field] = message.query;
      }
      states.save({ ...states.current, facetSearch });
      feed.sendView();
      return;
    }
    case 'columns':
      states.save({ ...states.current, order: message.order, hidden: message.hidden, widths: message.widths, frozen: message.frozen });
      return;
    case 'loadAll':
      // A second click while loading does nothing (the button then reads Stop Loading).
      if (!loader.running) {
        await loader.loadAll();
      }
      return;
    case 'cancelLoad':
      loader.cancel();
      return;
    case 'search':
      await vscode.commands.executeCommand('pageGateway.search', { gateway: table.gateway });
      return;
    case 'action':
      await act(table, message.action, message.generation, message.rows);
      return;
    case 'copyValues':
      await copyColumnValues(feed, message.column, message.generation, message.rows);
      return;
    case 'copyRows':
      await copyRowsWithHeaders(feed, states.current, message.generation, message.rows);
      return;
    case 'export':
      await table.exportRows(message.generation, message.rows);
      return;
  }
}

/** The rows named by the webview, as items; none when they are of an older generation. */
function refsOf(table: TableParts, generation: number, indexes: readonly number[]): ItemRef[] {
  const rows = table.feed.rows;
  if (generation !== rows.generation) {
    return [];
  }
  return indexes.flatMap((index) => {
    const item = rows.rows[index];
    return item === undefined ? [] : [{ gateway: table.gateway, kind: PAGE_GROUP, item }];
  });
}

/** Runs a row action through the extension's command (Copy ID on every row named, Compare on two, the others on the first). */
async function act(table: TableParts, action: RowAction, generation: number, indexes: readonly number[]): Promise<void> {
  const refs = refsOf(table, generation, indexes);
  const first = refs[0];
  if (first === undefined) {
    return;
  }
  const rows = refs.map((ref) => ({ ref, gateway: ref.gateway }));
  switch (action) {
    case 'openJson':
      await vscode.commands.executeCommand('pageGateway.openJson', rows[0]);
      return;
    case 'copyId':
      await vscode.commands.executeCommand('pageGateway.copyId', rows[0], rows);
      return;
    case 'copyLink':
      await vscode.commands.executeCommand('pageGateway.copyLink', rows[0]);
      return;
    case 'reveal':
      await vscode.commands.executeCommand('pageGateway.revealItem', rows[0]);
      return;
    case 'compare':
      // Two rows: Compare Selected (the first selected for compare, the second compared with it); one: Select for Compare.
      await vscode.commands.executeCommand('pageGateway.selectForCompare', rows[0]);
      if (rows.length === 2) {
        await vscode.commands.executeCommand('pageGateway.compareWithSelected', rows[1]);
      }
      return;
  }
}
