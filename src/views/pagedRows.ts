/**
 * One pager for every paged list: what a tree shows of one cursor chain under its parent row (a gateway, a status),
 * built the same way for every resource:
 * - the item rows, at most `maxRows` of them, then one row that says how many more are loaded;
 * - when the gateway broke the paging rules, the notice row (click: refresh); at the load limit, the cap row;
 * - otherwise "Load more…" while the chain has more and is not loading; a click on a stale "Load more…" (the chain
 *   has loaded other pages since it was drawn) does nothing, so a double click loads one page, not two;
 * - errors, a failed refresh and the empty row as every list shows them (listRows.ts).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ListLoad } from '../api/loadTracker';
import type { ChainNotice } from '../api/paging';
import type { Gateway } from '../gateway/gateway';
import type { ResourceWords } from '../model/resource';
import { describeChainNotice } from '../text/errorText';
import { ERROR_ICON } from './icons';
import { listRows, type AroundRows } from './listRows';
import { warningRow, type MessageNode } from './messageRows';
import { rowContextValue } from './rowCapabilities';
import type { TreeNode } from './gatewayTree';

/** What the pager reads of a cursor chain (CursorChain is one). */
export interface PagedChain extends Omit<ListLoad, 'items'> {
  readonly pages: number;
  readonly notice: ChainNotice | undefined;
  readonly capped: boolean;
}

export interface PagedRowsOptions<N> extends Omit<AroundRows<N>, 'notes' | 'more'> {
  readonly chain: PagedChain;
  /** The item rows, in order (all of them: the pager draws at most `maxRows`). */
  readonly items: readonly N[];
  /** At most this many item rows are drawn, then `moreRows(count)`; none: all. */
  readonly maxRows?: { readonly max: number; row(more: number): MessageNode };
  /** The command a notice row's click runs (a refresh of this list). */
  readonly refresh: vscode.Command;
  /** The row that stands where "Load more…" would once the gateway holds as many items as it may. */
  readonly capRow?: () => MessageNode;
  /** The "Load more…" row for the chain as it is now (`pages` pages loaded). */
  readonly more: (pages: number) => N;
}

export function pagedRows<N>(options: PagedRowsOptions<N>): Array<N | MessageNode> {
  const { chain, items, maxRows, idPrefix, gateway } = options;
  const drawn: readonly (N | MessageNode)[] = maxRows !== undefined && items.length > maxRows.max ? [...items.slice(0, maxRows.max), maxRows.row(items.length - maxRows.max)] : items;
  const notes = chain.notice
    ? [noticeRow(`${idPrefix}/notice`, chain.notice, gateway, options.refresh)]
    : chain.capped && options.capRow
      ? [options.capRow()]
      : [];
  const pages = chain.pages;
  const { resource, retry, top, empty } = options;
  return listRows<N | MessageNode>(drawn, chain, {
    idPrefix,
    gateway,
    resource,
    retry,
    top,
    empty,
    notes,
    ...(chain.notice || chain.capped ? {} : { more: () => options.more(pages) }),
  });
}

/**
 * Loads one page more with `load`, unless the chain moved on since a "Load more…" row was drawn with `pages` pages
 * (a second click on the same row, or a row from before a refresh): then nothing. While the chain is loading, a click
 * joins that load.
 */
export function loadMoreOnce(chain: Pick<PagedChain, 'pages' | 'loading'>, pages: number | undefined, load: () => Promise<void>): Promise<void> {
  if (pages !== undefined && !chain.loading && chain.pages !== pages) {
    return Promise.resolve();
  }
  return load();
}

/** The tree item of a "Load more…" row: `pageSize` more of `words`' items, of `scope` when the list is part of one. */
export function loadMoreItem(node: TreeNode, words: ResourceWords, pageSize: number, scope: string | undefined, loadAll: boolean): vscode.TreeItem {
  const item = new vscode.TreeItem(l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon('more');
  item.contextValue = rowContextValue('loadMore', [node.request !== undefined && 'curl', loadAll && 'loadAll']);
  item.tooltip = l10n.t('Load the next {0}', words.count(pageSize));
  item.accessibilityInformation = {
    label: scope === undefined ? l10n.t('Load more…, loads the next {0}', words.count(pageSize)) : l10n.t('Load more…, loads the next {0} of {1}', words.count(pageSize), scope),
  };
  item.command = { command: 'pageGateway.loadMore', title: l10n.t('Load More'), arguments: [node] };
  return item;
}

/** The gateway broke the paging rules: the list stopped there, and a click starts it again from the first page. */
export function noticeRow(id: string, notice: ChainNotice, gateway: Gateway, refresh: vscode.Command): MessageNode {
  const message = describeChainNotice(notice);
  const tooltip = `${message}\n\n${l10n.t('Click to refresh and start again from the first page.')}`;
  if (notice.severity === 'warning') {
    return { ...warningRow(id, l10n.t('Paging stopped early — refresh'), tooltip, refresh), gateway };
  }
  return {
    kind: 'message',
    id,
    label: l10n.t('Paging stopped: the gateway repeated a cursor — refresh'),
    tooltip,
    icon: ERROR_ICON,
    tone: 'error',
    contextValue: 'pageGateway.error',
    command: refresh,
    gateway,
  };
}
