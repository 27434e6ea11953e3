/**
 * The Page Groups tree: per gateway, one row per status (each its own cursor chain), page groups under it in server
 * order, a "Load more…" row while the chain has more, and errors where they happen. The gateway level (one gateway:
 * none; several: one row each) comes from GatewayTree. Each gateway has its own chains, filter and row cache.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import type { CursorChain } from '../../../api/paging';
import type { Settings } from '../../../config/settings';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import type { ItemRef, ResourceKind } from '../../../model/resource';
import { encodeSegment } from '../../../util/segment';
import { GatewayTree, type BaseNode, type TreeNode, type GatewayNode } from '../../../views/gatewayTree';
import type { ApiRequest } from '../../../api/apiRequest';
import { applyMark } from '../../../views/changeDecorations';
import { ChangeThrottle } from '../../../util/changeThrottle';
import { changeSection } from '../../../views/changePresentation';
import type { ChangeMark } from '../../../model/itemChanges';
import { describeChainNotice } from '../../../text/errorText';
import { ERROR_ICON, WARNING_ICON } from '../../../views/icons';
import { escapeMarkdown } from '../../../text/markdown';
import { listRows } from '../../../views/listRows';
import { rowContextValue, type RowCapability } from '../../../views/rowCapabilities';
import { groupAccessibleLabel, groupDescription, groupLabel, hiddenDeletedText, groupCountTooltip } from '../text/groupPresentation';
import { statusDocument } from '../pageGroupDocuments';
import { pageGroupLoadAll } from '../pageGroupLoadAll';
import type { LoadAllTarget } from '../../../model/loadAllTarget';
import { PAGE_GROUP_CHANGES_STORE } from '../model/pageGroupChanges';
import { infoRow, warningRow, type MessageNode } from '../../../views/messageRows';
import { capMessage, capRowLabel, MAX_LOADED_SETTING, MAX_STATUS_ROWS, moreStatusesLabel } from '../text/loadLimitText';
import type { ExpansionMemory } from '../../../model/expansionMemory';
import { StatusCountMemory, type RememberedCount } from '../model/statusCountMemory';
import { PageGroupRow, RemovedPageGroupRow, UnnamedPageGroupRow, type PageGroupNode } from './pageGroupRow';
import { firstPageQuery, nextQuery } from '../model/pageGroupRequests';
import { pageGroupsRequest } from '../../../api/requests';
import { PAGE_GROUP, PAGE_GROUPS_STORE, PAGE_GROUPS_VIEW } from '../pageGroupKind';
import type { LabelledRequest } from '../../../views/listView';
import { isDeleted, pageGroupAccessibleLabel, pageGroupDescription, pageGroupLabel, pageGroupTooltip } from '../text/pageGroupPresentation';
import { pageGroupCount } from '../text/pageGroupWords';
import { EMPTY_STATUS, groupKeyOf, isDerivedGroup, NO_STATUS, orderStatuses, type GroupKey, type PageGroupsModel } from '../model/pageGroupsModel';
import { plainText } from '../../../text/surfaceText';
import { formatNumber } from '../../../l10n/numbers';

export interface StatusNode extends TreeNode {
  readonly kind: 'status';
  readonly gateway: Gateway;
  readonly key: GroupKey;
}
/** "Load more…" of one group; `pages` is how many pages the chain had when the row was made (a stale row does nothing). */
export interface LoadMoreNode extends TreeNode {
  readonly kind: 'loadMore';
  readonly gateway: Gateway;
  readonly key: GroupKey;
  readonly pages: number;
}
/** "Find more statuses…": the next page of the unfiltered chain. */
export interface DiscoverNode extends TreeNode {
  readonly kind: 'discover';
  readonly gateway: Gateway;
  readonly pages: number;
}
type OwnNode = StatusNode | PageGroupNode | LoadMoreNode | DiscoverNode;
export type PageGroupsNode = OwnNode | BaseNode;

/** What the retry and load-more commands receive. */
export interface LoadTarget {
  readonly gateway: Gateway;
  readonly key: GroupKey;
  /** When set, the load only happens if the chain still has this many pages (protects against double clicks). */
  readonly pages?: number;
}

/** The page group rows of one group for one version of its chain and one `showDeleted`. */
interface RowCache {
  readonly version: number;
  readonly showDeleted: boolean;
  /** The rows shown, in order. */
  readonly nodes: readonly PageGroupNode[];
  /** Per item of the group (then per removed one), its row; undefined where hidden. */
  readonly all: ReadonlyArray<PageGroupNode | undefined>;
  /** Items hidden because they are deleted and `showDeleted` is off. */
  readonly hidden: number;
}

/** What the tree keeps per gateway: row objects (stable identity), row caches and the status filter. */
interface Branch {
  readonly statusNodes: Map<GroupKey, StatusNode>;
  readonly childCache: Map<GroupKey, RowCache>;
  filter: GroupKey | undefined;
  /** Status rows the user has expanded (a refresh of the whole gateway keeps only their rows while it reloads). */
  readonly expanded: Set<GroupKey>;
}

export class PageGroupsProvider extends GatewayTree<OwnNode> {
  private readonly branches = new Map<Gateway, Branch>();
  private readonly filterChanged = new vscode.EventEmitter<void>();
  /** A gateway's status filter was set or cleared. */
  public readonly onDidChangeFilter: vscode.Event<void> = this.filterChanged.event;

  public constructor(
    registry: GatewayRegistry,
    private readonly settings: () => Settings,
    /** What was expanded before the window reloaded (and is remembered for the next time); none in some tests. */
    private readonly memory?: ExpansionMemory,
    /** The last exact count of each status, kept across refreshes and window reloads (statusCountMemory.ts). */
    private readonly counts: StatusCountMemory = new StatusCountMemory(undefined),
  ) {
    super(registry, 'pageGroups');
    this.start();
  }

  /**
   * Statuses that were expanded when the window last closed, per gateway URL: shown expanded (and their first pages
   * started) when the view first builds them; a status leaves the set when the user collapses it. Expansion during
   * the session is the editor's own.
   */
  private readonly restored = new Map<string, Set<GroupKey>>();

  /** The gateway's page group chains (created on first use). */
  public model(gateway: Gateway): PageGroupsModel {
    return gateway.store(PAGE_GROUPS_STORE);
  }

  /** The tree view says a row was expanded or collapsed. */
  public noteExpansion(node: PageGroupsNode, expanded: boolean): void {
    if (node.kind === 'status') {
      const status = node as StatusNode;
      const set = this.branch(status.gateway).expanded;
      if (expanded) {
        set.add(status.key);
      } else {
        set.delete(status.key);
      }
      this.memory?.setStatus(status.gateway.base.href, status.key, expanded);
      if (!expanded) {
        this.restored.get(status.gateway.base.href)?.delete(status.key);
      }
    } else if (node.kind === 'gateway') {
      this.memory?.setGateway((node as GatewayNode).gateway.base.href, expanded);
    }
  }

  /** Whether the status row is shown expanded (as the tree view last told, or filtered to it). */
  public isExpanded(gateway: Gateway, key: GroupKey): boolean {
    const branch = this.branch(gateway);
    return branch.expanded.has(key) || branch.filter === key;
  }

  public filter(gateway: Gateway): GroupKey | undefined {
    return this.branch(gateway).filter;
  }

  /** Gateways whose view shows one status only. */
  public filteredGateways(): Gateway[] {
    return this.registry.gateways().filter((gateway) => this.branches.get(gateway)?.filter !== undefined);
  }

  /** Shows only one status group of `gateway` (undefined: all). */
  public setFilter(gateway: Gateway, key: GroupKey | undefined): void {
    this.branch(gateway).filter = key;
    this.fireGateway(gateway);
    this.filterChanged.fire();
  }

  /** Re-renders from the current state (e.g. after `showDeleted` or `statuses` changed); loads nothing. */
  public refreshRoot(): void {
    this.changeEmitter.fire(undefined);
  }

  /**
   * Back to page 1 for one group of a gateway, or for all of its groups: the rows shown stay (the status says
   * "refreshing…") until the first new page replaces them; in-flight responses from before are discarded. What the
   * groups showed is kept to mark what changed (pageGroupChanges.ts).
   */
  public reload(gateway: Gateway, key?: GroupKey): CursorChain<CheckedPageGroup>[] {
    const model = this.model(gateway);
    const changes = gateway.store(PAGE_GROUP_CHANGES_STORE);
    // The groups whose rows were built (their rows are what the user saw); none is created just to be captured.
    for (const group of key === undefined ? [...this.branch(gateway).childCache.keys()] : [key]) {
      const chain = model.chain(group);
      changes.capture(group, model.itemsOf(group), chain.epoch, !chain.hasMore);
    }
    const expanded = this.branch(gateway).expanded;
    return model.refresh(key, (group) => expanded.has(group));
  }

  /**
   * What a Refresh does (a row's: its status; the view's: the whole gateway): `reload`, then the first page of every
   * list refreshed is requested at once (expanded statuses first, then the unfiltered list), so "refreshing…" is only
   * said while a request is on its way, also for a status that is collapsed or whose rows nobody asks for. A list that
   * may not load (the loaded page groups reached `maxLoadedPageGroups`) starts over instead. Resolves when those pages
   * landed or failed; the view's progress bar runs meanwhile.
   */
  public refresh(gateway: Gateway, key?: GroupKey): Promise<void> {
    const pageSize = this.settings().pageSize;
    const pending = this.reload(gateway, key).map((chain) => {
      const load = chain.loadMore(pageSize);
      if (!chain.loading && chain.refreshing) {
        chain.reset();
      }
      return load;
    });
    const all = Promise.all(pending).then(() => undefined);
    void vscode.window.withProgress({ location: { viewId: PAGE_GROUPS_VIEW } }, () => all);
    return all;
  }

  /** One page more of a group. Does nothing for a stale "Load more…" row, or while that group is loading (then it joins the load). */
  public loadMore(target: LoadTarget): Promise<void> {
    if (target.gateway.removed) {
      return Promise.resolve();
    }
    const chain = this.model(target.gateway).chain(target.key);
    if (target.pages !== undefined && !chain.loading && chain.pages !== target.pages) {
      return Promise.resolve();
    }
    return chain.loadMore(this.settings().pageSize);
  }

  /** `loadMore`, with the view's progress bar while it runs ("Load more…" and "Retry" rows). */
  private loadMoreInView(target: LoadTarget): Promise<void> {
    const pending = this.loadMore(target);
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: PAGE_GROUPS_VIEW } }, () => pending));
  }

  /** The requests Copy as cURL offers from the palette: the unfiltered first page, then each known status's. */
  public requests(gateway: Gateway): LabelledRequest[] {
    const first = this.viewRequest(gateway);
    return [
      ...(first ? [{ label: `$(files) ${l10n.t('Page groups, first page')}`, request: first }] : []),
      ...this.knownGroups(gateway).flatMap((key) => {
        const request = this.statusNode(gateway, key).request?.();
        return request ? [{ label: `$(tag) ${l10n.t('Page groups: {0}, first page', plainText(groupLabel(key)))}`, request }] : [];
      }),
    ];
  }

  protected override gatewayCapabilities(): readonly RowCapability[] {
    return ['curl', 'search'];
  }

  /** The unfiltered first page: what opening the view loads. */
  public override viewRequest(gateway: Gateway): ApiRequest | undefined {
    return pageGroupsRequest(gateway.base.href, firstPageQuery(NO_STATUS, this.settings().pageSize));
  }

  public statusNode(gateway: Gateway, key: GroupKey): StatusNode {
    const branch = this.branch(gateway);
    let node = branch.statusNodes.get(key);
    if (!node) {
      node = {
        kind: 'status',
        id: `${this.gatewayId(gateway)}/status/${encodeSegment(key)}`,
        gateway,
        key,
        document: () => ({ address: statusDocument(gateway, key), snapshot: this.model(gateway).itemsOf(key).map((item) => item.raw) }),
        request: () => pageGroupsRequest(gateway.base.href, firstPageQuery(key, this.settings().pageSize)),
        exportPlan: async (several) => (await import('../pageGroupExportPlans.js')).pageGroupPlan(gateway, key, several),
        ...this.loadAllOf(gateway, key),
      };
      branch.statusNodes.set(key, node);
    }
    return node;
  }

  /** The status's Load All (the generic command's target), on its row and its "Load more…" row; none for derived groups. */
  private loadAllOf(gateway: Gateway, key: GroupKey): { readonly loadAll?: LoadAllTarget } {
    const loadAll = pageGroupLoadAll(gateway, key, { model: () => this.model(gateway), maxLoaded: () => this.settings().maxLoadedPageGroups, several: () => this.registry.gateways().length > 1 });
    return loadAll === undefined ? {} : { loadAll };
  }

  /** The status groups of `gateway` known now: configured, discovered, and "(no status)" when it has items. */
  public knownGroups(gateway: Gateway): GroupKey[] {
    const model = this.model(gateway);
    // Remembered statuses stay listed (expanded) even when the first unfiltered page does not show them.
    const remembered = this.remembered(gateway).filter((key) => !isDerivedGroup(key));
    const statuses: GroupKey[] = orderStatuses(this.settings().statuses, [...model.discovered, ...remembered]);
    if (model.hasEmptyStatus) {
      statuses.push(EMPTY_STATUS);
    }
    if (model.hasUnstatused) {
      statuses.push(NO_STATUS);
    }
    return statuses;
  }

  /**
   * The row of a loaded page group under its status (undefined when that status's chain does not hold it). Not a row
   * from before a refresh: the status's first new page replaces those as soon as the view asks for its rows (a reveal
   * does), so such a row cannot be revealed — `load` loads the new pages instead.
   */
  public nodeFor(ref: ItemRef): PageGroupNode | undefined {
    const id = ref.kind.idOf(ref.item.value);
    if (ref.kind !== (PAGE_GROUP as ResourceKind<unknown>) || id === undefined || ref.gateway.removed || ref.gateway.existingStore(PAGE_GROUPS_STORE) === undefined) {
      return undefined;
    }
    const key = groupKeyOf(ref.item as CheckedPageGroup);
    const filter = this.branch(ref.gateway).filter;
    if (filter !== undefined && filter !== key) {
      return undefined;
    }
    const chain = this.model(ref.gateway).chain(key);
    if (chain.refreshing && chain.error === undefined) {
      return undefined;
    }
    const nodes = this.itemRows(ref.gateway, key).nodes;
    const at = nodes.findIndex((node) => node.item.value.pageGroupId === id);
    // A row past `pageGateway.maxTreeRows` is not drawn: it cannot be revealed.
    return at < 0 || at >= this.settings().maxTreeRows ? undefined : nodes[at];
  }

  /** Whether the item is loaded under its status but past the rows the tree draws. */
  private pastDrawnRows(ref: ItemRef): boolean {
    const id = ref.kind.idOf(ref.item.value);
    const nodes = this.itemRows(ref.gateway, groupKeyOf(ref.item as CheckedPageGroup)).nodes;
    return nodes.findIndex((node) => node.item.value.pageGroupId === id) >= this.settings().maxTreeRows;
  }

  /**
   * Loads the item's status chain page after page until it holds the item (or ends, fails, or `signal` aborts). A
   * status filter that hides the item's status is cleared first: the user asked to see the item.
   */
  public async load(ref: ItemRef, signal: AbortSignal, progress: (loaded: number) => void): Promise<void> {
    if (ref.kind !== (PAGE_GROUP as ResourceKind<unknown>) || ref.gateway.removed) {
      return;
    }
    const key = groupKeyOf(ref.item as CheckedPageGroup);
    const filter = this.branch(ref.gateway).filter;
    if (filter !== undefined && filter !== key) {
      this.setFilter(ref.gateway, undefined);
    }
    const model = this.model(ref.gateway);
    const chain = model.chain(key);
    while (!this.nodeFor(ref) && !this.pastDrawnRows(ref) && chain.hasMore && !signal.aborted) {
      const pages = chain.pages;
      await chain.loadMore(REVEAL_PAGE_SIZE, signal);
      progress(model.itemsOf(key).length);
      if (chain.error || chain.pages === pages) {
        return;
      }
    }
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    // A status group's changes reach the editor at most every GROUP_CHANGE_INTERVAL_MS while they stream in (a Load
    // All changes its group twice a page): the editor re-renders at most every 200 ms anyway, and each event costs it
    // a timer. A single change (a refresh, "Load more…") is passed on at once.
    const groups = new ChangeThrottle<GroupKey>((key) => this.changeEmitter.fire(this.statusNode(gateway, key)), GROUP_CHANGE_INTERVAL_MS);
    const subscription = this.model(gateway).onDidChange((change) => {
      this.learnCounts(gateway, change.scope === 'root' ? undefined : change.key);
      if (change.scope === 'root') {
        this.fireGateway(gateway);
      } else {
        groups.changed(change.key);
      }
    });
    // Another key may see other page groups: the counts learned with the last one go.
    const keyChange = gateway.connection.onDidChange(() => this.forgetCounts(gateway));
    return [{ dispose: () => subscription.dispose() }, groups, keyChange];
  }

  /**
   * Remembers the exact counts a change made known (a status loaded to its end by Load more, Load All or an Export; the
   * whole unfiltered list scanned by Search: every status at once), so that they outlive the pages.
   */
  private learnCounts(gateway: Gateway, key: GroupKey | undefined): void {
    const model = this.model(gateway);
    const keys = key !== undefined ? [key] : model.discoveryComplete ? this.knownGroups(gateway) : [];
    const now = Date.now();
    for (const group of keys) {
      const known = model.knownCount(group);
      if (known?.exact === true) {
        this.counts.record(gateway.base.href, group, known.count, now);
      }
    }
  }

  /** Forgets the gateway's remembered counts (its key changed). */
  public forgetCounts(gateway: Gateway): void {
    this.counts.forget(gateway.base.href);
  }

  /** The status's last exact count from before, when what is loaded now does not say it exactly. */
  public rememberedCount(gateway: Gateway, key: GroupKey): RememberedCount | undefined {
    return this.counts.get(gateway.base.href, key);
  }

  protected forget(gateway: Gateway): void {
    this.branches.delete(gateway);
    this.filterChanged.fire();
  }

  protected treeItem(node: OwnNode): vscode.TreeItem {
    switch (node.kind) {
      case 'status':
        return this.statusItem(node);
      case 'pageGroup':
        return this.markedPageGroupItem(node);
      case 'loadMore': {
        const item = new vscode.TreeItem(l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('more');
        item.contextValue = rowContextValue('loadMore', ['curl', !isDerivedGroup(node.key) && 'loadAll']);
        item.tooltip = l10n.t('Load the next {0}', pageGroupCount(this.settings().pageSize));
        item.accessibilityInformation = { label: l10n.t('Load more…, loads the next {0} of {1}', pageGroupCount(this.settings().pageSize), groupLabel(node.key)) };
        item.command = { command: 'pageGateway.loadMore', title: l10n.t('Load More'), arguments: [node] };
        return item;
      }
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

  protected async childrenOf(node: OwnNode): Promise<PageGroupsNode[]> {
    return node.kind === 'status' ? this.groupChildren(node.gateway, node.key) : [];
  }

  protected parentOf(node: OwnNode): PageGroupsNode | undefined {
    if (node.kind === 'pageGroup' || node.kind === 'loadMore') {
      return this.statusNode(node.gateway, node.key);
    }
    return this.topParent(node.gateway);
  }

  public override dispose(): void {
    this.filterChanged.dispose();
    super.dispose();
  }

  protected async readyChildren(gateway: Gateway): Promise<PageGroupsNode[]> {
    const filter = this.branch(gateway).filter;
    if (filter !== undefined) {
      return [this.statusNode(gateway, filter)];
    }
    const discovery = this.model(gateway).discovery;
    // The statuses that were expanded start their first pages now, together with the unfiltered one: restoring four
    // costs one round trip of waiting, not four one after another (the editor asks for their rows one by one).
    this.startRemembered(gateway);
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
      const filter: vscode.Command = { command: 'pageGateway.filterByStatus', title: l10n.t('Filter by Status…'), arguments: [{ gateway }] };
      statusRows.push({
        ...infoRow(`${idPrefix}/moreStatuses`, moreStatusesLabel(known.length - MAX_STATUS_ROWS), l10n.t('Pick any status of this gateway with “Filter by Status…”.'), filter),
        gateway,
      });
    }
    const pages = discovery.pages;
    return listRows<PageGroupsNode>(statusRows, discovery, {
      idPrefix,
      gateway,
      resource: PAGE_GROUP.listName,
      retry: this.retry(gateway, NO_STATUS),
      top: true,
      notes: discovery.notice
        ? [noticeRow(`${idPrefix}/notice`, describeChainNotice(discovery.notice), discovery.notice.severity, gateway, undefined)]
        : discovery.capped
          ? [this.capRow(`${idPrefix}/capped`, gateway)]
          : [],
      more:
        discovery.notice || discovery.capped
          ? undefined
          : () => ({
              kind: 'discover',
              id: `${idPrefix}/discover`,
              gateway,
              pages,
              request: () => this.nextRequest(gateway, NO_STATUS),
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
    const pages = chain.pages;
    // At most `pageGateway.maxTreeRows` rows are drawn: the others stay loaded (Search, Go to ID, Export, the tools,
    // the table) and one row says how many and opens them in the table.
    const cap = this.settings().maxTreeRows;
    const drawn: readonly PageGroupsNode[] = nodes.length > cap ? [...nodes.slice(0, cap), this.moreRowsRow(status, nodes.length - cap)] : nodes;
    return listRows<PageGroupsNode>(drawn, chain, {
      idPrefix: status.id,
      gateway,
      resource: PAGE_GROUP.listName,
      retry: this.retry(gateway, key),
      top: false,
      notes: chain.notice
        ? [noticeRow(`${status.id}/notice`, describeChainNotice(chain.notice), chain.notice.severity, gateway, status)]
        : chain.capped
          ? [this.capRow(`${status.id}/capped`, gateway)]
          : [],
      more: chain.notice || chain.capped ? undefined : () => ({
        kind: 'loadMore',
        id: `${status.id}/more`,
        gateway,
        key,
        pages,
        request: () => this.nextRequest(gateway, key),
        loadMore: () => this.loadMoreInView({ gateway, key, pages }),
        ...(status.loadAll === undefined ? {} : { loadAll: status.loadAll }),
      }),
      empty: {
        label: hidden > 0 ? l10n.t('No page groups ({0})', hiddenDeletedText(hidden)) : l10n.t('No page groups'),
        ...(hidden > 0 ? { tooltip: l10n.t('Turn on {0} to see deleted page groups.', '`pageGateway.showDeleted`') } : {}),
      },
    });
  }

  /** The last row of a status with more loaded rows than the tree draws: how many more, Open as Table (click) and Search (menu). */
  private moreRowsRow(status: StatusNode, more: number): MessageNode {
    const label = l10n.t({ message: '{0} more loaded: Open as Table or Search', args: [formatNumber(more)], comment: '{0} is a number of page groups not drawn in the tree' });
    const tooltip = l10n.t(
      'The tree draws {0} rows under a status ({1}); the other page groups are loaded and in the table, Search, Go to ID and Export. Click to open the table; right-click for Search.',
      formatNumber(this.settings().maxTreeRows),
      '`pageGateway.maxTreeRows`',
    );
    const open: vscode.Command = { command: 'pageGateway.openPageGroupsTable', title: l10n.t('Open Page Groups as Table'), arguments: [{ gateway: status.gateway }] };
    return { ...infoRow(`${status.id}/moreRows`, label, tooltip, open), contextValue: rowContextValue('moreRows', ['search']), gateway: status.gateway };
  }

  /** Where "Load more…" would be once the gateway holds `pageGateway.maxLoadedPageGroups`: the limit, and the setting. */
  private capRow(id: string, gateway: Gateway): MessageNode {
    const limit = this.model(gateway).capReached() ?? this.settings().maxLoadedPageGroups;
    const several = this.registry.gateways().length > 1;
    const open: vscode.Command = { command: 'workbench.action.openSettings', title: l10n.t('Open Settings'), arguments: [MAX_LOADED_SETTING] };
    return { ...warningRow(id, capRowLabel(limit), `${capMessage(limit, several ? gateway.name : undefined)}\n\n${l10n.t('Click to open the setting.')}`, open), gateway };
  }

  /** Page group rows of a group, cached until its chain or `showDeleted` changes. */
  /** The request the group's "Load more…" sends (its next cursor). */
  private nextRequest(gateway: Gateway, key: GroupKey): ApiRequest {
    return pageGroupsRequest(gateway.base.href, nextQuery(this.model(gateway), key, this.settings().pageSize));
  }

  /** The mark of a row since its group's last refresh. */
  private markOf(node: PageGroupNode): ChangeMark | 'removed' | undefined {
    if (node.removed) {
      return 'removed';
    }
    const model = this.model(node.gateway);
    return node.gateway.store(PAGE_GROUP_CHANGES_STORE).changes(node.key, model.chain(node.key), () => model.itemsOf(node.key)).marks.get(node.item);
  }

  /**
   * Page group rows of a group (then the ones its last refresh removed), cached until its chain or `showDeleted`
   * changes. A row keeps its identity while its item stays at its place (pages appended, `showDeleted` switched):
   * `all` has the row of each item at its index (none for a hidden one), so no map from items to rows is needed.
   */
  private itemRows(gateway: Gateway, key: GroupKey): RowCache {
    const branch = this.branch(gateway);
    const model = this.model(gateway);
    const showDeleted = this.settings().showDeleted;
    const version = model.chain(key).version;
    const cached = branch.childCache.get(key);
    if (cached && cached.version === version && cached.showDeleted === showDeleted) {
      return cached;
    }
    const group = this.statusNode(gateway, key);
    const previous = cached?.all;
    const items = model.itemsOf(key);
    const removed = gateway.store(PAGE_GROUP_CHANGES_STORE).changes(key, model.chain(key), () => items).removed;
    const count = items.length + removed.length;
    const all: Array<PageGroupNode | undefined> = [];
    const nodes: PageGroupNode[] = [];
    let hidden = 0;
    for (let index = 0; index < count; index++) {
      const removedRow = index >= items.length;
      const item = (removedRow ? removed[index - items.length] : items[index]) as CheckedPageGroup;
      if (!showDeleted && isDeleted(item.value)) {
        hidden += removedRow ? 0 : 1;
        all.push(undefined);
        continue;
      }
      let node = previous?.[index];
      if (node === undefined || node.item !== item || node.removed !== removedRow) {
        node =
          item.value.pageGroupId === undefined
            ? new UnnamedPageGroupRow(group, item, index, removedRow)
            : removedRow
              ? new RemovedPageGroupRow(group, item)
              : new PageGroupRow(group, item);
      }
      all.push(node);
      nodes.push(node);
    }
    // Nothing hidden: the rows are `all` itself (one array of 100,000 fewer).
    const entry: RowCache = { version, showDeleted, nodes: nodes.length === count ? (all as PageGroupNode[]) : nodes, all, hidden };
    branch.childCache.set(key, entry);
    return entry;
  }

  private markedPageGroupItem(node: PageGroupNode): vscode.TreeItem {
    const item = pageGroupItem(node);
    applyMark(item, node.id, this.markOf(node));
    return item;
  }

  private statusItem(node: StatusNode): vscode.TreeItem {
    const model = this.model(node.gateway);
    const chain = model.chain(node.key);
    // Expanded when filtered to it, when it was expanded as the window last closed, or, with several gateways, when
    // the user expanded it (its rows stay open when a second gateway makes them a gateway's children).
    const branch = this.branch(node.gateway);
    const expanded =
      branch.filter === node.key ||
      this.remembered(node.gateway).includes(node.key) ||
      (this.registry.gateways().length > 1 && branch.expanded.has(node.key));
    const item = new vscode.TreeItem(
      groupLabel(node.key),
      expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = node.id;
    const hidden = chain.started ? this.itemRows(node.gateway, node.key).hidden : 0;
    const summary = {
      started: chain.started,
      loading: chain.loading,
      loaded: model.itemsOf(node.key).length,
      hasMore: chain.hasMore,
      hiddenDeleted: hidden,
      refreshing: chain.refreshing,
      known: model.knownCount(node.key),
      remembered: this.rememberedCount(node.gateway, node.key),
    };
    item.description = groupDescription(summary);
    item.accessibilityInformation = { label: groupAccessibleLabel(node.key, summary, chain.error !== undefined) };
    item.iconPath = chain.loading
      ? new vscode.ThemeIcon('loading~spin')
      : chain.error
        ? WARNING_ICON
        : new vscode.ThemeIcon(node.key === NO_STATUS ? 'circle-outline' : 'tag');
    // Groups fed by the unfiltered list offer no Load All: it would walk every page group of the gateway.
    item.contextValue = isDerivedGroup(node.key)
      ? rowContextValue('status.derived', ['json', 'curl', 'export', 'refresh'])
      : rowContextValue(`status${chain.hasMore ? '.more' : ''}`, ['json', 'curl', 'export', 'refresh', chain.hasMore && 'loadAll']);
    const what =
      node.key === NO_STATUS
        ? escapeMarkdown(l10n.t('Page groups that have no status (from the unfiltered list)'))
        : node.key === EMPTY_STATUS
          ? escapeMarkdown(l10n.t('Page groups whose status is the empty string "" (from the unfiltered list)'))
          : l10n.t('Page groups with status “{0}”', escapeMarkdown(node.key));
    item.tooltip = new vscode.MarkdownString(`${what}\n\n${escapeMarkdown(groupCountTooltip(summary.known, model.discovery.items.length, summary.remembered))}`);
    return item;
  }

  /** A failed page's row runs Load more on its group again. */
  private retry(gateway: Gateway, key: GroupKey): vscode.Command {
    const target: Pick<TreeNode, 'gateway' | 'loadMore'> = { gateway, loadMore: () => this.loadMoreInView({ gateway, key }) };
    return { command: 'pageGateway.loadMore', title: l10n.t('Retry'), arguments: [target] };
  }

  /** Status rows expanded when the window last closed, still to be shown so under `gateway`. */
  private remembered(gateway: Gateway): readonly GroupKey[] {
    const href = gateway.base.href;
    let set = this.restored.get(href);
    if (set === undefined) {
      set = new Set(this.memory?.statuses(href) ?? []);
      this.restored.set(href, set);
    }
    return [...set];
  }

  /** Starts the first page of every remembered status that has none yet (each chain joins a load in flight). */
  private startRemembered(gateway: Gateway): void {
    const model = this.model(gateway);
    // The derived groups come from the unfiltered page, which the view loads anyway.
    for (const key of this.remembered(gateway).filter((remembered) => !isDerivedGroup(remembered))) {
      const chain = model.chain(key);
      if (!chain.started && !chain.loading && !chain.error) {
        this.branch(gateway).expanded.add(key);
        void chain.loadMore(this.settings().pageSize);
      }
    }
  }

  protected override gatewayStartsExpanded(gateway: Gateway): boolean {
    // Expanded as left, or as it was while it was the only gateway (its statuses were then the root rows).
    const href = gateway.base.href;
    return this.memory?.gatewayExpanded(href) ?? (this.memory?.statuses(href) ?? []).length > 0;
  }

  private branch(gateway: Gateway): Branch {
    let branch = this.branches.get(gateway);
    if (!branch) {
      branch = { statusNodes: new Map(), childCache: new Map(), filter: undefined, expanded: new Set() };
      this.branches.set(gateway, branch);
    }
    return branch;
  }
}

/** Pages loaded to reveal an item (as Load All). */
const REVEAL_PAGE_SIZE = 100;
/** The shortest time between two tree events for one status group while its changes stream in (see `watch`). */
const GROUP_CHANGE_INTERVAL_MS = 100;

function pageGroupItem(node: PageGroupNode): vscode.TreeItem {
  const group = node.item.value;
  const item = new vscode.TreeItem(pageGroupLabel(group), vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = pageGroupDescription(group);
  const deleted = isDeleted(group);
  const flagged = node.item.problems.length > 0;
  item.iconPath = flagged
    ? WARNING_ICON
    : deleted
      ? new vscode.ThemeIcon('trash', new vscode.ThemeColor('disabledForeground'))
      : new vscode.ThemeIcon('files');
  item.contextValue = rowContextValue(`pageGroup${deleted ? '.deleted' : ''}${flagged ? '.flagged' : ''}`, ['item', node.request !== undefined && 'curl']);
  item.accessibilityInformation = { label: pageGroupAccessibleLabel(node.item) };
  item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
  return item;
}


function noticeRow(id: string, message: string, severity: 'error' | 'warning', gateway: Gateway, group: StatusNode | undefined): MessageNode {
  const refresh: vscode.Command = { command: 'pageGateway.refreshPageGroups', title: l10n.t('Refresh'), arguments: [group ?? { gateway }] };
  const tooltip = `${message}\n\n${l10n.t('Click to refresh and start again from the first page.')}`;
  if (severity === 'warning') {
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
