/**
 * What the Page Groups tree knows and does besides drawing: per gateway, its status rows (stable objects), the status
 * filter, what is expanded and remembered, the rows' cache, and the actions on its lists (refresh, load more, the
 * requests Copy as cURL offers). pageGroupsProvider.ts draws from it.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import type { CursorChain } from '../../../lists/paging';
import type { Settings } from '../../../config/settings';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import type { ExpansionMemory } from '../model/expansionMemory';
import { chainLoadAll } from '../../../model/chainLoadAll';
import type { ApiRequest } from '../../../api/apiRequest';
import { encodeSegment } from '../../../util/segment';
import { ChangeThrottle } from '../../../util/changeThrottle';
import { QuietHold } from '../../../util/quietHold';
import { GatewayTree, type TreeNode, type GatewayNode } from '../../../views/gatewayTree';
import { ItemRowCache, type ItemRows } from '../../../views/itemRowCache';
import { loadMoreOnce } from '../../../views/pagedRows';
import type { MessageNode } from '../../../views/messageRows';
import type { LabelledRequest } from '../../../views/listView';
import type { RowCapability } from '../../../views/rowCapabilities';
import { plainText } from '../../../text/surfaceText';
import { groupLabel } from '../text/groupPresentation';
import { capMessage } from '../text/loadLimitText';
import { isDeleted } from '../text/pageGroupPresentation';
import { statusDocument } from '../pageGroupDocuments';
import { PAGE_GROUP_CHANGES_STORE } from '../model/pageGroupChanges';
import { StatusCountMemory, type RememberedCount } from '../model/statusCountMemory';
import { PAGE_GROUP, PAGE_GROUPS_STORE, PAGE_GROUPS_VIEW } from '../pageGroupKind';
import { EMPTY_STATUS, isDerivedGroup, NO_STATUS, orderStatuses, type GroupKey, type PageGroupsModel } from '../model/pageGroupsModel';
import { PageGroupRow, RemovedPageGroupRow, UnnamedPageGroupRow, type PageGroupNode } from './pageGroupRow';
import { StatusMemory } from './statusMemory';
import { StatusFilter } from './statusFilter';
import { capRow, moreRowsLabel } from './limitRows';
import { firstPageRequest, pageGroupRequests } from './pageGroupCurl';
import type { LoadTarget, PageGroupsNode, PageGroupsOwnNode, StatusNode } from './pageGroupNodes';

/** The shortest time between two tree events for one status group while its changes stream in (see `watch`). */
const GROUP_CHANGE_INTERVAL_MS = 100;
/** The same while a scan only adds page groups the tree does not draw (past `pageGateway.maxTreeRows`). */
const UNDRAWN_CHANGE_INTERVAL_MS = 1000;
/**
 * Less than the pause the editor waits for between a tree's events before it reads what changed (200 ms): while an
 * expanded status's events come closer together than this, the editor reads it only once they stop.
 */
export const EDITOR_WAITS_MS = 150;

export abstract class PageGroupsTreeState extends GatewayTree<PageGroupsOwnNode> {
  protected readonly statusNodes = new Map<Gateway, Map<GroupKey, StatusNode>>();
  protected readonly rowCaches = new Map<Gateway, Map<GroupKey, ItemRowCache<CheckedPageGroup, PageGroupNode>>>();
  protected readonly statusFilter = new StatusFilter();
  /** The "N more loaded" row each status row (by id) drew last. */
  private readonly moreRows = new Map<string, MessageNode>();
  protected readonly remember: StatusMemory;
  /** A gateway's status filter was set or cleared. */
  public readonly onDidChangeFilter: vscode.Event<void> = this.statusFilter.onDidChange;

  public constructor(
    registry: GatewayRegistry,
    protected readonly settings: () => Settings,
    /** What was expanded before the window reloaded (and is remembered for the next time); none in some tests. */
    memory?: ExpansionMemory,
    /** The last exact count of each status, kept across refreshes and window reloads (statusCountMemory.ts). */
    counts: StatusCountMemory = new StatusCountMemory(undefined),
  ) {
    super(registry, 'pageGroups');
    this.remember = new StatusMemory(memory, counts);
    this.start();
  }

  /** The gateway's page group chains (created on first use). */
  public model(gateway: Gateway): PageGroupsModel {
    return gateway.store(PAGE_GROUPS_STORE);
  }

  /** The tree view says a row was expanded or collapsed. */
  public noteExpansion(node: PageGroupsNode, expanded: boolean): void {
    if (node.kind === 'status') {
      this.remember.statusExpanded(node.gateway, node.key, expanded);
    } else if (node.kind === 'gateway') {
      this.remember.gatewayExpanded((node as GatewayNode).gateway, expanded);
    }
  }

  /** Whether the status row is shown expanded (as the tree view last told, or filtered to it). */
  public isExpanded(gateway: Gateway, key: GroupKey): boolean {
    return this.remember.isExpanded(gateway, key) || this.statusFilter.of(gateway) === key;
  }

  public filter(gateway: Gateway): GroupKey | undefined {
    return this.statusFilter.of(gateway);
  }

  /** Gateways whose view shows one status only. */
  public filteredGateways(): Gateway[] {
    return this.statusFilter.filtered(this.registry.gateways());
  }

  /** Shows only one status group of `gateway` (undefined: all). */
  public setFilter(gateway: Gateway, key: GroupKey | undefined): void {
    this.statusFilter.set(gateway, key);
    this.fireGateway(gateway);
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
    for (const group of key === undefined ? [...(this.rowCaches.get(gateway)?.keys() ?? [])] : [key]) {
      const chain = model.chain(group);
      changes.capture(group, model.itemsOf(group), chain.epoch, !chain.hasMore);
    }
    return model.refresh(key, (group) => this.remember.isExpanded(gateway, group));
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
    return loadMoreOnce(chain, target.pages, () => chain.loadMore(this.settings().pageSize));
  }

  /** `loadMore`, with the view's progress bar while it runs ("Load more…" and "Retry" rows). */
  protected loadMoreInView(target: LoadTarget): Promise<void> {
    const pending = this.loadMore(target);
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: PAGE_GROUPS_VIEW } }, () => pending));
  }

  /** The requests Copy as cURL offers from the palette: the unfiltered first page, then each known status's. */
  public requests(gateway: Gateway): LabelledRequest[] {
    return pageGroupRequests(gateway, this.knownGroups(gateway), this.settings().pageSize);
  }

  /** The unfiltered first page: what opening the view loads. */
  public override viewRequest(gateway: Gateway): ApiRequest | undefined {
    return firstPageRequest(gateway, NO_STATUS, this.settings().pageSize);
  }

  protected override gatewayCapabilities(): readonly RowCapability[] {
    return ['curl', 'search'];
  }

  public statusNode(gateway: Gateway, key: GroupKey): StatusNode {
    let nodes = this.statusNodes.get(gateway);
    if (nodes === undefined) {
      nodes = new Map();
      this.statusNodes.set(gateway, nodes);
    }
    let node = nodes.get(key);
    if (!node) {
      const loadAll = isDerivedGroup(key)
        ? undefined
        : chainLoadAll(gateway, PAGE_GROUP, () => this.model(gateway).chain(key), {
            scope: plainText(groupLabel(key)),
            limitProblem: () => capMessage(this.model(gateway).capReached() ?? this.settings().maxLoadedPageGroups, this.registry.gateways().length > 1 ? gateway.name : undefined),
            // The status's exact count known now (e.g. from the whole unfiltered list), else the one remembered.
            expected: () => {
              const known = this.model(gateway).knownCount(key);
              return known?.exact === true ? known.count : this.remember.rememberedCount(gateway, key)?.count;
            },
          });
      node = {
        kind: 'status',
        id: `${this.gatewayId(gateway)}/status/${encodeSegment(key)}`,
        gateway,
        key,
        document: () => ({ address: statusDocument(gateway, key), snapshot: this.model(gateway).itemsOf(key).map((item) => item.raw) }),
        request: () => firstPageRequest(gateway, key, this.settings().pageSize),
        exportPlan: async (several) => (await import('../pageGroupExportPlans.js')).pageGroupPlan(gateway, key, several),
        ...(loadAll ? { loadAll } : {}),
      };
      nodes.set(key, node);
    }
    return node;
  }

  /** The status groups of `gateway` known now: configured, discovered, and "(no status)" when it has items. */
  public knownGroups(gateway: Gateway): GroupKey[] {
    const model = this.model(gateway);
    // Remembered statuses stay listed (expanded) even when the first unfiltered page does not show them.
    const remembered = this.remember.remembered(gateway).filter((key) => !isDerivedGroup(key));
    const statuses: GroupKey[] = orderStatuses(this.settings().statuses, [...model.discovered, ...remembered]);
    if (model.hasEmptyStatus) {
      statuses.push(EMPTY_STATUS);
    }
    if (model.hasUnstatused) {
      statuses.push(NO_STATUS);
    }
    return statuses;
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    // A status group's changes reach the editor at most every GROUP_CHANGE_INTERVAL_MS while they stream in (a Load
    // All changes its group twice a page), and each event costs it a timer. The editor waits until events pause for
    // 200 ms before it reads the group again, so a stream of pages that land faster than that is drawn when it ends,
    // and a slower one page by page. A single change (a refresh, "Load more…") is passed on at once. While a scan (Load
    // All, an Export) only adds page groups past the rows the tree draws, a read would return the same rows with a new
    // "N more loaded": those changes come at most every UNDRAWN_CHANGE_INTERVAL_MS (a slow gateway's 300 ms pages are
    // not each a read of 2,000 rows), and the scan's end at once.
    //
    // Those changes go to the "N more loaded" row only when the editor would read the status for them: an expanded
    // status whose events still come closer together than EDITOR_WAITS_MS (a fast gateway's pages) keeps them, so the
    // editor goes on waiting and reads the status once, when the scan ends. Were its events to stop in the middle of
    // the scan, the editor would read the status, and its drawn rows, from the events it holds.
    //
    // The editor reads at once on the first event after a pause, so the first change of a scan of an expanded status
    // is held until the scan's changes pause for EDITOR_WAITS_MS (a slow gateway: its rows appear page by page, as
    // before) or the scan ends. Passed on at once, it had the editor read the status's rows a few milliseconds into a
    // fast scan (by then thousands of page groups, 2,000 rows drawn) and redraw the tree, with its scrollbar fading in
    // and out, while the scan ran; now a fast scan is drawn once, when it ends.
    const statusFiredAt = new Map<GroupKey, number>();
    const fire = (key: GroupKey): void => {
      statusFiredAt.set(key, performance.now());
      this.changeEmitter.fire(this.statusNode(gateway, key));
    };
    const groups = new ChangeThrottle<GroupKey>(fire, GROUP_CHANGE_INTERVAL_MS);
    const undrawn = new ChangeThrottle<GroupKey>((key) => this.undrawnChanged(gateway, key), UNDRAWN_CHANGE_INTERVAL_MS);
    const scanStart = new QuietHold<GroupKey>((key) => groups.changed(key), EDITOR_WAITS_MS);
    const editorWaits = (key: GroupKey): boolean => this.isExpanded(gateway, key) && performance.now() - (statusFiredAt.get(key) ?? Number.NEGATIVE_INFINITY) < EDITOR_WAITS_MS;
    const subscription = this.model(gateway).onDidChange((change) => {
      this.learnCounts(gateway, change.scope === 'root' ? undefined : change.key);
      if (change.scope === 'root') {
        this.fireGateway(gateway);
      } else if (this.scanAddsUndrawn(gateway, change.key) && !editorWaits(change.key)) {
        scanStart.cancel(change.key);
        undrawn.changed(change.key);
      } else if (this.model(gateway).chain(change.key).scanning && this.isExpanded(gateway, change.key) && !editorWaits(change.key)) {
        scanStart.hold(change.key);
      } else {
        scanStart.cancel(change.key);
        undrawn.cancel(change.key);
        groups.changed(change.key);
      }
    });
    // Another key may see other page groups: the counts learned with the last one go.
    const keyChange = gateway.connection.onDidChange(() => this.forgetCounts(gateway));
    return [{ dispose: () => subscription.dispose() }, scanStart, groups, undrawn, keyChange];
  }

  /**
   * A scan added page groups past the rows the tree draws of the group: its "N more loaded" row (the one the tree
   * drew last) is given the new count and redrawn alone. A row without children has the editor read its item only;
   * the status would have it read every drawn row again (2,000 by default) and lay them out, once a second for the
   * whole Load All. The status row itself is redrawn when the scan ends (its changes then pass as usual). A collapsed
   * status is redrawn as before: the editor reads its row only, and its count goes on.
   */
  private undrawnChanged(gateway: Gateway, key: GroupKey): void {
    const status = this.statusNode(gateway, key);
    const row = this.moreRows.get(status.id);
    const more = this.itemRows(gateway, key).nodes.length - this.settings().maxTreeRows;
    if (row === undefined || more <= 0 || !this.isExpanded(gateway, key)) {
      this.changeEmitter.fire(status);
      return;
    }
    Object.assign(row, { label: moreRowsLabel(more) });
    this.changeEmitter.fire(row);
  }

  /** The "N more loaded" row the tree drew last under the status row `statusId`. */
  protected moreRowOf(statusId: string): MessageNode | undefined {
    return this.moreRows.get(statusId);
  }

  /** `row` is the "N more loaded" row the tree draws now under the status row `statusId` (see `undrawnChanged`). */
  protected drewMoreRow(statusId: string, row: MessageNode): MessageNode {
    this.moreRows.set(statusId, row);
    return row;
  }

  /**
   * Whether a scan is paging through the group while the rows the tree made of it last are already more than it draws
   * and its pages were only appended since: what it loads now changes no drawn row, only the count past them.
   */
  private scanAddsUndrawn(gateway: Gateway, key: GroupKey): boolean {
    const chain = this.model(gateway).chain(key);
    const last = this.rowCaches.get(gateway)?.get(key)?.last;
    return chain.scanning && !chain.refreshing && last !== undefined && last.epoch === chain.epoch && last.shown > this.settings().maxTreeRows;
  }

  /**
   * Remembers the exact counts a change made known (a status loaded to its end by Load more, Load All or an Export; the
   * whole unfiltered list scanned by Search: every status at once), so that they outlive the pages.
   */
  protected learnCounts(gateway: Gateway, key: GroupKey | undefined): void {
    const model = this.model(gateway);
    this.remember.learnCounts(gateway, model, key !== undefined ? [key] : model.discoveryComplete ? this.knownGroups(gateway) : []);
  }

  /** Forgets the gateway's remembered counts (its key changed). */
  public forgetCounts(gateway: Gateway): void {
    this.remember.forgetCounts(gateway);
  }

  /** The status's last exact count from before, when what is loaded now does not say it exactly. */
  public rememberedCount(gateway: Gateway, key: GroupKey): RememberedCount | undefined {
    return this.remember.rememberedCount(gateway, key);
  }

  protected forget(gateway: Gateway): void {
    this.statusNodes.delete(gateway);
    this.rowCaches.delete(gateway);
    this.remember.forget(gateway);
    this.statusFilter.forget(gateway);
  }

  public override dispose(): void {
    this.statusFilter.dispose();
    super.dispose();
  }

  protected override gatewayStartsExpanded(gateway: Gateway): boolean {
    return this.remember.gatewayStartsExpanded(gateway);
  }

  /** A notice row's click: Refresh of its status (or of the gateway, at the gateway level). */
  protected refreshCommand(gateway: Gateway, status?: StatusNode): vscode.Command {
    // A row of this tree (the status, or the gateway's), so that the generic Refresh knows the list it belongs to.
    return { command: 'pageGateway.refresh', title: l10n.t('Refresh'), arguments: [status ?? this.gatewayNode(gateway)] };
  }

  protected capRow(id: string, gateway: Gateway): MessageNode {
    return capRow(id, gateway, this.model(gateway).capReached() ?? this.settings().maxLoadedPageGroups, this.registry.gateways().length > 1);
  }

  /**
   * Page group rows of a group (then the ones its last refresh removed), kept by the generic row cache until its chain
   * or `showDeleted` changes, and extended, not rebuilt, when a page was only appended.
   */
  protected itemRows(gateway: Gateway, key: GroupKey): ItemRows<PageGroupNode> {
    let caches = this.rowCaches.get(gateway);
    if (caches === undefined) {
      caches = new Map();
      this.rowCaches.set(gateway, caches);
    }
    let cache = caches.get(key);
    if (cache === undefined) {
      cache = new ItemRowCache();
      caches.set(key, cache);
    }
    const model = this.model(gateway);
    const chain = model.chain(key);
    const showDeleted = this.settings().showDeleted;
    const items = model.itemsOf(key);
    const group = this.statusNode(gateway, key);
    return cache.rows({
      version: chain.version,
      epoch: chain.epoch,
      filter: showDeleted ? 'all' : 'notDeleted',
      items,
      removed: gateway.store(PAGE_GROUP_CHANGES_STORE).changes(key, chain, () => items).removed,
      hides: (item) => !showDeleted && isDeleted(item.value),
      row: (item, index, removed) =>
        item.value.pageGroupId === undefined ? new UnnamedPageGroupRow(group, item, index, removed) : removed ? new RemovedPageGroupRow(group, item) : new PageGroupRow(group, item),
      fits: (row, item, _index, removed) => row.item === item && row.removed === removed,
    });
  }

  /** A failed page's row runs Load more on its group again. */
  protected retry(gateway: Gateway, key: GroupKey): vscode.Command {
    const target: Pick<TreeNode, 'gateway' | 'loadMore'> = { gateway, loadMore: () => this.loadMoreInView({ gateway, key }) };
    return { command: 'pageGateway.loadMore', title: l10n.t('Retry'), arguments: [target] };
  }
}
