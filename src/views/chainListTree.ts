/**
 * The tree of any resource whose list is one cursor chain per gateway (a `ChainList`): per gateway its items in server
 * order, then the pager's rows (Load more…, errors with retry, notices, the empty row). Everything it shows comes from
 * the kind (labels, descriptions, icons, tooltips, words), so a new paged resource needs no tree of its own. The
 * gateway level comes from GatewayTree.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ApiRequest } from '../api/apiRequest';
import type { Checked } from '../api/model';
import type { CursorChain } from '../api/paging';
import type { Gateway } from '../gateway/gateway';
import type { GatewayRegistry } from '../gateway/registry';
import type { ChainList } from '../model/chainStore';
import { chainLoadAll } from '../model/chainLoadAll';
import { chainExportPlan } from '../model/chainExportPlan';
import type { ExportPlan } from '../model/exportPlan';
import type { LoadAllTarget } from '../model/loadAllTarget';
import type { ItemRef, ResourceKind } from '../model/resource';
import { ChangeThrottle } from '../util/changeThrottle';
import { encodeSegment } from '../util/segment';
import { GatewayTree, type BaseNode, type TreeNode } from './gatewayTree';
import { WARNING_ICON } from './icons';
import { ItemRowCache } from './itemRowCache';
import { loadMoreItem, loadMoreOnce, pagedRows } from './pagedRows';
import { rowContextValue, type RowCapability } from './rowCapabilities';

/** The row of one item of the list. */
export interface ChainItemNode extends TreeNode {
  readonly kind: 'item';
  readonly gateway: Gateway;
  readonly item: Checked<unknown>;
  readonly ref: ItemRef;
}

/** "Load more…" with the number of pages the chain had when it was drawn (a stale click does nothing). */
export interface ChainMoreNode extends TreeNode {
  readonly kind: 'loadMore';
  readonly gateway: Gateway;
  readonly pages: number;
}

export type ChainListNode = ChainItemNode | ChainMoreNode;

/** What the tree reads of the settings. */
export interface ChainListSettings {
  /** Items asked per page ("Load more…"). */
  readonly pageSize: number;
  /** Item rows drawn per gateway at most. */
  readonly maxTreeRows: number;
}

/** Pages loaded to reveal an item (as Load All). */
const REVEAL_PAGE_SIZE = 100;
/** The shortest time between two tree events for one gateway while pages stream in (a Load All). */
const CHANGE_INTERVAL_MS = 100;

export class ChainListTree<T> extends GatewayTree<ChainListNode> {
  private readonly rowCaches = new WeakMap<Gateway, ItemRowCache<Checked<T>, ChainItemNode>>();

  public constructor(
    registry: GatewayRegistry,
    private readonly resource: ResourceKind<T>,
    private readonly source: ChainList<T>,
    private readonly settings: () => ChainListSettings,
  ) {
    super(registry, resource.id);
    this.start();
  }

  /** Draws every row again (a setting changed); loads nothing. */
  public refreshRows(): void {
    this.changeEmitter.fire(undefined);
  }

  /** The gateway's chain (created on first use; loads nothing by itself). */
  public chain(gateway: Gateway): CursorChain<Checked<T>> {
    return gateway.store(this.source.store).chain;
  }

  /** Back to the first page: the rows shown stay until it lands; resolves when it landed or failed. */
  public reload(gateway: Gateway): Promise<void> {
    const chain = this.chain(gateway);
    chain.refresh();
    const load = chain.loadMore(this.settings().pageSize);
    void vscode.window.withProgress({ location: { viewId: this.resource.viewId } }, () => load);
    return load;
  }

  public override viewRequest(gateway: Gateway): ApiRequest {
    return this.source.request(gateway, { limit: this.settings().pageSize });
  }

  /** The request "Load more…" sends now (the chain's next cursor). */
  public nextRequest(gateway: Gateway): ApiRequest {
    const chain = this.chain(gateway);
    const limit = this.settings().pageSize;
    return this.source.request(gateway, chain.nextPageCursor === undefined ? { limit } : { cursor: chain.nextPageCursor, limit });
  }

  protected override gatewayCapabilities(gateway: Gateway): readonly RowCapability[] {
    const chain = gateway.existingStore(this.source.store)?.chain;
    return ['curl', 'export', chain?.hasMore === true && chain.started ? 'loadAll' : undefined].filter((c): c is RowCapability => c !== undefined);
  }

  protected override gatewayLoadAll(gateway: Gateway): LoadAllTarget {
    return chainLoadAll(gateway, this.resource, () => this.chain(gateway));
  }

  protected override async gatewayExport(gateway: Gateway, several: boolean): Promise<ExportPlan> {
    return chainExportPlan(gateway, this.resource, this.chain(gateway), several);
  }

  /** The row of a loaded item (undefined when not loaded, or past the rows drawn). */
  public nodeFor(ref: ItemRef): ChainItemNode | undefined {
    if (ref.kind.id !== this.resource.id || ref.gateway.removed || ref.gateway.existingStore(this.source.store) === undefined) {
      return undefined;
    }
    const chain = this.chain(ref.gateway);
    const index = chain.items.indexOf(ref.item as Checked<T>);
    const found = index >= 0 ? index : this.indexOfId(chain, this.resource.idOf(ref.item.value as T));
    return found < 0 || found >= this.settings().maxTreeRows ? undefined : this.itemRows(ref.gateway).nodes[found];
  }

  /** Loads pages until the item's row exists (or the list ends, fails, or `signal` aborts). */
  public async load(ref: ItemRef, signal: AbortSignal): Promise<void> {
    const chain = this.chain(ref.gateway);
    const id = this.resource.idOf(ref.item.value as T);
    while (!this.nodeFor(ref) && this.indexOfId(chain, id) < 0 && chain.hasMore && !signal.aborted && !chain.error) {
      const pages = chain.pages;
      await chain.loadMore(REVEAL_PAGE_SIZE, signal);
      if (chain.pages === pages) {
        return;
      }
    }
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    const changes = new ChangeThrottle<Gateway>((changed) => this.fireGateway(changed), CHANGE_INTERVAL_MS);
    const subscription = this.chain(gateway).onDidChange(() => changes.changed(gateway));
    return [{ dispose: () => subscription.dispose() }, changes];
  }

  protected forget(gateway: Gateway): void {
    this.rowCaches.delete(gateway);
  }

  protected treeItem(node: ChainListNode): vscode.TreeItem {
    if (node.kind === 'loadMore') {
      return loadMoreItem(node, this.resource.words, this.settings().pageSize, undefined, true);
    }
    const value = node.item.value as T;
    const item = new vscode.TreeItem(this.resource.label(value), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = this.resource.description(value);
    const flagged = node.item.problems.length > 0;
    item.iconPath = flagged ? WARNING_ICON : new vscode.ThemeIcon(this.resource.icon);
    item.contextValue = rowContextValue(`${this.resource.id}${flagged ? '.flagged' : ''}`, ['item', node.request !== undefined && 'curl']);
    item.accessibilityInformation = { label: [this.resource.words.one(), item.label, item.description].filter((part) => typeof part === 'string' && part !== '').join(', ') };
    item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
    return item;
  }

  /** Tooltips are built on hover only: a list can hold thousands of rows. */
  public resolveTreeItem(item: vscode.TreeItem, node: ChainListNode | BaseNode): vscode.TreeItem {
    if (node.kind === 'item' && item.tooltip === undefined) {
      item.tooltip = new vscode.MarkdownString(this.resource.tooltip((node as ChainItemNode).item as Checked<T>), true);
    }
    return item;
  }

  protected async childrenOf(): Promise<Array<ChainListNode | BaseNode>> {
    return [];
  }

  protected parentOf(node: ChainListNode): BaseNode | undefined {
    return this.topParent(node.gateway);
  }

  protected async readyChildren(gateway: Gateway): Promise<Array<ChainListNode | BaseNode>> {
    const chain = this.chain(gateway);
    if (!chain.started && !chain.error) {
      await chain.loadMore(this.settings().pageSize);
    }
    if (gateway.removed) {
      return [];
    }
    const idPrefix = this.gatewayId(gateway);
    const load = (pages?: number): Promise<void> =>
      loadMoreOnce(chain, pages, () => Promise.resolve(vscode.window.withProgress({ location: { viewId: this.resource.viewId } }, () => chain.loadMore(this.settings().pageSize))));
    const retry: vscode.Command = { command: 'pageGateway.loadMore', title: l10n.t('Retry'), arguments: [{ gateway, loadMore: () => load() }] };
    const loadAll = chainLoadAll(gateway, this.resource, () => chain);
    return pagedRows<ChainListNode>({
      idPrefix,
      gateway,
      resource: this.resource.listName,
      retry,
      top: true,
      chain,
      items: this.itemRows(gateway).nodes,
      maxRows: undefined,
      refresh: { command: 'pageGateway.loadMore', title: l10n.t('Refresh'), arguments: [{ gateway, loadMore: () => this.reload(gateway) }] },
      more: (pages) => ({
        kind: 'loadMore',
        id: `${idPrefix}/more`,
        gateway,
        pages,
        request: () => this.nextRequest(gateway),
        loadMore: () => load(pages),
        loadAll,
      }),
      empty: { label: this.resource.words.none() },
    });
  }

  private itemRows(gateway: Gateway): { readonly nodes: readonly ChainItemNode[] } {
    let cache = this.rowCaches.get(gateway);
    if (cache === undefined) {
      cache = new ItemRowCache();
      this.rowCaches.set(gateway, cache);
    }
    const chain = this.chain(gateway);
    const idPrefix = this.gatewayId(gateway);
    return cache.rows({
      version: chain.version,
      epoch: chain.epoch,
      filter: '',
      items: chain.items,
      removed: [],
      hides: () => false,
      row: (item, index) => this.itemNode(gateway, idPrefix, item, index),
      fits: (row, item) => row.item === item,
    });
  }

  private itemNode(gateway: Gateway, idPrefix: string, item: Checked<T>, index: number): ChainItemNode {
    const id = this.resource.idOf(item.value);
    const chain = this.chain(gateway);
    return {
      kind: 'item',
      id: `${idPrefix}/${encodeSegment(this.resource.id)}/${id === undefined ? `#${index}` : encodeSegment(id)}`,
      gateway,
      item,
      ref: { gateway, kind: this.resource, item },
      request: () => {
        const page = chain.requestOf(index);
        return page === undefined ? undefined : this.source.request(gateway, page);
      },
    };
  }

  private indexOfId(chain: CursorChain<Checked<T>>, id: string | undefined): number {
    return id === undefined ? -1 : chain.items.findIndex((item) => this.resource.idOf(item.value) === id);
  }
}
