/**
 * The Page Groups tree: per gateway, one row per status (each its own cursor chain), page groups under it in server
 * order drawn by the generic pager (pagedRows.ts: Load more…, errors, notices, the load limit, at most
 * `pageGateway.maxTreeRows` rows), and the unfiltered list's pager at the gateway level ("Find more statuses…"). The
 * gateway level (one gateway: none; several: one row each) comes from GatewayTree. What the rows look like is in
 * statusItem.ts and pageGroupItem.ts; its state and actions (refresh, load more, memory, filter) in pageGroupsState.ts.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import type { Gateway } from '../../../gateway/gateway';
import type { ItemRef } from '../../../model/resource';
import type { StandIn } from '../../../views/treeReveal';
import { plainText } from '../../../text/surfaceText';
import type { ChangeMark } from '../../../model/itemChanges';
import { applyMark } from '../../../views/changeDecorations';
import { changeSection } from '../../../views/changePresentation';
import { loadMoreItem, pagedRows } from '../../../views/pagedRows';
import { infoRow } from '../../../views/messageRows';
import { rowContextValue } from '../../../views/rowCapabilities';
import { hiddenDeletedText, groupLabel } from '../text/groupPresentation';
import { MAX_STATUS_ROWS, moreStatusesLabel } from '../text/loadLimitText';
import { pageGroupTooltip } from '../text/pageGroupPresentation';
import { PAGE_GROUP_CHANGES_STORE } from '../model/pageGroupChanges';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from '../pageGroupKind';
import { groupKeyOf, isDerivedGroup, NO_STATUS, type GroupKey } from '../model/pageGroupsModel';
import type { PageGroupNode } from './pageGroupRow';
import { pageGroupItem } from './pageGroupItem';
import { statusItem } from './statusItem';
import { moreRowsRow, standInWhy } from './limitRows';
import { nextPageRequest } from './pageGroupCurl';
import type { PageGroupsNode, PageGroupsOwnNode, StatusNode } from './pageGroupNodes';
import { PageGroupsTreeState } from './pageGroupsState';

export type { DiscoverNode, LoadMoreNode, LoadTarget, PageGroupsNode, StatusNode } from './pageGroupNodes';

/** Pages loaded to reveal an item (as Load All). */
const REVEAL_PAGE_SIZE = 100;

export class PageGroupsProvider extends PageGroupsTreeState {

















  /**
   * The row of a loaded page group under its status (undefined when that status's chain does not hold it). Not a row
   * from before a refresh: the status's first new page replaces those as soon as the view asks for its rows (a reveal
   * does), so such a row cannot be revealed — `load` loads the new pages instead.
   */
  public nodeFor(ref: ItemRef): PageGroupNode | undefined {
    const id = ref.kind.idOf(ref.item.value);
    if (ref.kind.id !== PAGE_GROUP.id || id === undefined || ref.gateway.removed || ref.gateway.existingStore(PAGE_GROUPS_STORE) === undefined) {
      return undefined;
    }
    const key = groupKeyOf(ref.item as CheckedPageGroup);
    const filter = this.statusFilter.of(ref.gateway);
    if (filter !== undefined && filter !== key) {
      return undefined;
    }
    const chain = this.model(ref.gateway).chain(key);
    if (chain.refreshing && chain.error === undefined) {
      return undefined;
    }
    const at = this.rowIndex(ref.gateway, key, id);
    // A row past `pageGateway.maxTreeRows` is not drawn: it cannot be revealed.
    return at < 0 || at >= this.settings().maxTreeRows ? undefined : this.itemRows(ref.gateway, key).nodes[at];
  }

  /**
   * A page group loaded past the rows the tree draws of its status (`pageGateway.maxTreeRows`): the status's "more
   * loaded" row stands for it (the status row itself when that was not drawn yet: it is expanded to draw it).
   */
  public standIn(ref: ItemRef): StandIn | undefined {
    const id = ref.kind.idOf(ref.item.value);
    if (ref.kind.id !== PAGE_GROUP.id || id === undefined || ref.gateway.removed || ref.gateway.existingStore(PAGE_GROUPS_STORE) === undefined) {
      return undefined;
    }
    const key = groupKeyOf(ref.item as CheckedPageGroup);
    const maxTreeRows = this.settings().maxTreeRows;
    if (this.rowIndex(ref.gateway, key, id) < maxTreeRows) {
      return undefined;
    }
    const status = this.statusNode(ref.gateway, key);
    return {
      node: this.moreRowOf(status.id) ?? status,
      why: standInWhy(plainText(ref.kind.label(ref.item.value)), plainText(groupLabel(key)), maxTreeRows),
      setting: 'pageGateway.maxTreeRows',
    };
  }

  /**
   * Loads the item's status chain page after page until it holds the item (or ends, fails, or `signal` aborts). A
   * status filter that hides the item's status is cleared first: the user asked to see the item.
   */
  public async load(ref: ItemRef, signal: AbortSignal, progress: (loaded: number) => void): Promise<void> {
    const id = ref.kind.idOf(ref.item.value);
    if (ref.kind.id !== PAGE_GROUP.id || ref.gateway.removed || id === undefined) {
      return;
    }
    const key = groupKeyOf(ref.item as CheckedPageGroup);
    const filter = this.statusFilter.of(ref.gateway);
    if (filter !== undefined && filter !== key) {
      this.setFilter(ref.gateway, undefined);
    }
    const model = this.model(ref.gateway);
    const chain = model.chain(key);
    // Loaded but past the rows drawn counts as found: loading more would not draw it.
    while (!this.nodeFor(ref) && this.rowIndex(ref.gateway, key, id) < this.settings().maxTreeRows && chain.hasMore && !signal.aborted) {
      const pages = chain.pages;
      await chain.loadMore(REVEAL_PAGE_SIZE, signal);
      progress(model.itemsOf(key).length);
      if (chain.error || chain.pages === pages) {
        return;
      }
    }
  }

  protected treeItem(node: PageGroupsOwnNode): vscode.TreeItem {
    switch (node.kind) {
      case 'status':
        return this.statusItem(node);
      case 'pageGroup': {
        const item = pageGroupItem(node);
        applyMark(item, node.id, this.markOf(node));
        return item;
      }
      case 'loadMore':
        return loadMoreItem(node, PAGE_GROUP.words, this.settings().pageSize, groupLabel(node.key), !isDerivedGroup(node.key));
      case 'discover': {
        const item = new vscode.TreeItem(l10n.t('Find more statuses…'), vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('search');
        item.contextValue = rowContextValue('discover', ['curl']);
        item.tooltip = l10n.t('Load the next page of all page groups and add any status found in it');
        item.accessibilityInformation = { label: l10n.t('Find more statuses…, loads the next page of all page groups') };
        item.command = { command: 'pageGateway.loadMore', title: l10n.t('Load More'), arguments: [node] };
        return item;
      }
    }
  }

  /** Tooltips are built on hover only: a group can hold thousands of rows. */
  public resolveTreeItem(item: vscode.TreeItem, node: PageGroupsNode): vscode.TreeItem {
    if (node.kind === 'pageGroup' && item.tooltip === undefined) {
      const group = node as PageGroupNode;
      item.tooltip = new vscode.MarkdownString(pageGroupTooltip(group.item) + changeSection(this.markOf(group)), true);
    }
    return item;
  }

  protected async childrenOf(node: PageGroupsOwnNode): Promise<PageGroupsNode[]> {
    return node.kind === 'status' ? this.groupChildren(node.gateway, node.key) : [];
  }

  protected parentOf(node: PageGroupsOwnNode): PageGroupsNode | undefined {
    if (node.kind === 'pageGroup' || node.kind === 'loadMore') {
      return this.statusNode(node.gateway, node.key);
    }
    return this.topParent(node.gateway);
  }



  protected async readyChildren(gateway: Gateway): Promise<PageGroupsNode[]> {
    const filter = this.statusFilter.of(gateway);
    if (filter !== undefined) {
      return [this.statusNode(gateway, filter)];
    }
    const discovery = this.model(gateway).discovery;
    // The statuses that were expanded start their first pages now, together with the unfiltered one: restoring four
    // costs one round trip of waiting, not four one after another (the editor asks for their rows one by one).
    this.remember.startRemembered(gateway, this.model(gateway), this.settings().pageSize);
    if (!discovery.started && !discovery.error) {
      await discovery.loadMore(this.settings().pageSize);
    }
    if (gateway.removed) {
      return [];
    }
    const idPrefix = this.gatewayId(gateway);
    const known = this.knownGroups(gateway);
    // A gateway that sends a new status on every item would add a root row each: the first MAX_STATUS_ROWS are rows,
    // the others are one pick away (Filter by Status…).
    const statusRows: PageGroupsNode[] = known.slice(0, MAX_STATUS_ROWS).map((key) => this.statusNode(gateway, key));
    if (known.length > MAX_STATUS_ROWS) {
      const filterCommand: vscode.Command = { command: 'pageGateway.filterByStatus', title: l10n.t('Filter by Status…'), arguments: [{ gateway }] };
      statusRows.push({
        ...infoRow(`${idPrefix}/moreStatuses`, moreStatusesLabel(known.length - MAX_STATUS_ROWS), l10n.t('Pick any status of this gateway with “Filter by Status…”.'), filterCommand),
        gateway,
      });
    }
    return pagedRows<PageGroupsNode>({
      idPrefix,
      gateway,
      words: PAGE_GROUP.words,
      retry: this.retry(gateway, NO_STATUS),
      top: true,
      chain: discovery,
      items: statusRows,
      refresh: this.refreshCommand(gateway),
      capRow: () => this.capRow(`${idPrefix}/capped`, gateway),
      more: (pages) => ({
        kind: 'discover',
        id: `${idPrefix}/discover`,
        gateway,
        pages,
        request: () => nextPageRequest(gateway, this.model(gateway), NO_STATUS, this.settings().pageSize),
        loadMore: () => this.loadMoreInView({ gateway, key: NO_STATUS, pages }),
      }),
      empty: { label: l10n.t('No page groups'), tooltip: l10n.t('The gateway returned no page groups.') },
    });
  }

  private async groupChildren(gateway: Gateway, key: GroupKey): Promise<PageGroupsNode[]> {
    const chain = this.model(gateway).chain(key);
    if (!chain.started && !chain.error) {
      await chain.loadMore(this.settings().pageSize);
    }
    if (gateway.removed) {
      return [];
    }
    const { nodes, hidden } = this.itemRows(gateway, key);
    const status = this.statusNode(gateway, key);
    const maxTreeRows = this.settings().maxTreeRows;
    return pagedRows<PageGroupsNode>({
      idPrefix: status.id,
      gateway,
      words: PAGE_GROUP.words,
      retry: this.retry(gateway, key),
      top: false,
      chain,
      items: nodes,
      // At most `pageGateway.maxTreeRows` rows are drawn: the others stay loaded (Search, Go to ID, Export, the tools,
      // the table) and one row says how many and opens them in the table.
      maxRows: { max: maxTreeRows, row: (more) => this.drewMoreRow(status.id, moreRowsRow(status, gateway, more, maxTreeRows)) },
      refresh: this.refreshCommand(gateway, status),
      capRow: () => this.capRow(`${status.id}/capped`, gateway),
      more: (pages) => ({
        kind: 'loadMore',
        id: `${status.id}/more`,
        gateway,
        key,
        pages,
        request: () => nextPageRequest(gateway, this.model(gateway), key, this.settings().pageSize),
        loadMore: () => this.loadMoreInView({ gateway, key, pages }),
        ...(status.loadAll ? { loadAll: status.loadAll } : {}),
      }),
      empty: {
        label: hidden > 0 ? l10n.t('No page groups ({0})', hiddenDeletedText(hidden)) : l10n.t('No page groups'),
        ...(hidden > 0 ? { tooltip: l10n.t('Turn on {0} to see deleted page groups.', '`pageGateway.showDeleted`') } : {}),
      },
    });
  }



  /** The mark of a row since its group's last refresh. */
  private markOf(node: PageGroupNode): ChangeMark | 'removed' | undefined {
    if (node.removed) {
      return 'removed';
    }
    const model = this.model(node.gateway);
    return node.gateway.store(PAGE_GROUP_CHANGES_STORE).changes(node.key, model.chain(node.key), () => model.itemsOf(node.key)).markOf(node.item);
  }

  /** Where the page group with `id` is among the rows of its group (drawn or not); -1 when it is not. */
  private rowIndex(gateway: Gateway, key: GroupKey, id: string): number {
    return this.itemRows(gateway, key).nodes.findIndex((node) => node.item.value.pageGroupId === id);
  }


  private statusItem(node: StatusNode): vscode.TreeItem {
    const model = this.model(node.gateway);
    const chain = model.chain(node.key);
    // Expanded when filtered to it, when it was expanded as the window last closed, or, with several gateways, when
    // the user expanded it (its rows stay open when a second gateway makes them a gateway's children).
    const expanded =
      this.statusFilter.of(node.gateway) === node.key ||
      this.remember.remembered(node.gateway).includes(node.key) ||
      (this.registry.gateways().length > 1 && this.remember.isExpanded(node.gateway, node.key));
    return statusItem({
      id: node.id,
      key: node.key,
      chain,
      loaded: model.itemsOf(node.key).length,
      hiddenDeleted: chain.started ? this.itemRows(node.gateway, node.key).hidden : 0,
      known: model.knownCount(node.key),
      remembered: this.remember.rememberedCount(node.gateway, node.key),
      unfilteredLoaded: model.discovery.items.length,
      expanded,
    });
  }

}

