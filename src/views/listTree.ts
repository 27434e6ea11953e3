/**
 * The tree of any resource whose list is one list per gateway (a `ListSource`: a cursor chain, or a list the gateway
 * returns whole): per gateway its items in server order, then the pager's rows (Load more… while a chain has more,
 * errors with retry, notices, the empty row). Everything it shows comes from the kind (labels, descriptions, icons,
 * tooltips, words), so a new resource needs no tree of its own. The gateway level comes from GatewayTree.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ApiRequest } from '../api/apiRequest';
import type { Checked } from '../api/model';
import type { Gateway } from '../gateway/gateway';
import type { GatewayRegistry } from '../gateway/registry';
import type { ListSource, TreeList } from '../model/listSource';
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
export interface ListItemNode extends TreeNode {
  readonly kind: 'item';
  readonly gateway: Gateway;
  readonly item: Checked<unknown>;
  readonly ref: ItemRef;
}

/** "Load more…" with the number of pages the chain had when it was drawn (a stale click does nothing). */
export interface ListMoreNode extends TreeNode {
  readonly kind: 'loadMore';
  readonly gateway: Gateway;
  readonly pages: number;
}

export type ListTreeNode = ListItemNode | ListMoreNode;

/** What the tree reads of the settings. */
export interface ListTreeSettings {
  /** Items asked per page ("Load more…"). */
  readonly pageSize: number;
  /** Item rows drawn per gateway at most. */
  readonly maxTreeRows: number;
}

/** Pages loaded to reveal an item (as Load All). */
const REVEAL_PAGE_SIZE = 100;
/** The shortest time between two tree events for one gateway while pages stream in (a Load All). */
const CHANGE_INTERVAL_MS = 100;

export class ListTree<T> extends GatewayTree<ListTreeNode> {
  private readonly rowCaches = new WeakMap<Gateway, ItemRowCache<Checked<T>, ListItemNode>>();

  public constructor(
    registry: GatewayRegistry,
    private readonly resource: ResourceKind<T>,
    private readonly source: ListSource<T>,
    private readonly settings: () => ListTreeSettings,
  ) {
    super(registry, resource.id);
    this.start();
  }

  /** Draws every row again (a setting changed); loads nothing. */
  public refreshRows(): void {
    this.changeEmitter.fire(undefined);
  }

  /** The gateway's list (created on first use; loads nothing by itself). */
  public chain(gateway: Gateway): TreeList<T> {
    return this.source.list(gateway);
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
    return this.source.firstRequest(gateway, this.settings().pageSize);
  }

  /** The request "Load more…" sends now (the chain's next cursor). */
  public nextRequest(gateway: Gateway): ApiRequest {
    return this.source.nextRequest(gateway, this.settings().pageSize);
  }

  protected override gatewayCapabilities(gateway: Gateway): readonly RowCapability[] {
    const chain = this.source.existing(gateway);
    const pageable = chain?.hasMore === true && chain.started && this.source.loadAll(gateway, this.resource) !== undefined;
    return ['curl', 'export', pageable ? 'loadAll' : undefined].filter((c): c is RowCapability => c !== undefined);
  }

  protected override gatewayLoadAll(gateway: Gateway): LoadAllTarget | undefined {
    return this.source.loadAll(gateway, this.resource);
  }

  protected override async gatewayExport(gateway: Gateway, several: boolean): Promise<ExportPlan> {
    return this.source.exportPlan(gateway, this.resource, several);
  }

  /** The row of a loaded item (undefined when not loaded, or past the rows drawn). */
  public nodeFor(ref: ItemRef): ListItemNode | undefined {
    if (ref.kind.id !== this.resource.id || ref.gateway.removed || this.source.existing(ref.gateway) === undefined) {
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

  protected treeItem(node: ListTreeNode): vscode.TreeItem {
    if (node.kind === 'loadMore') {
      return loadMoreItem(node, this.resource.words, this.settings().pageSize, undefined, node.loadAll !== undefined);
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
  public resolveTreeItem(item: vscode.TreeItem, node: ListTreeNode | BaseNode): vscode.TreeItem {
    if (node.kind === 'item' && item.tooltip === undefined) {
      item.tooltip = new vscode.MarkdownString(this.resource.tooltip((node as ListItemNode).item as Checked<T>), true);
    }
    return item;
  }

  protected async childrenOf(): Promise<Array<ListTreeNode | BaseNode>> {
    return [];
  }

  protected parentOf(node: ListTreeNode): BaseNode | undefined {
    return this.topParent(node.gateway);
  }

  protected async readyChildren(gateway: Gateway): Promise<Array<ListTreeNode | BaseNode>> {
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
    const loadAll = this.source.loadAll(gateway, this.resource);
    return pagedRows<ListTreeNode>({
      idPrefix,
      gateway,
      words: this.resource.words,
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
        ...(loadAll ? { loadAll } : {}),
      }),
      empty: { label: this.resource.words.none() },
    });
  }

  private itemRows(gateway: Gateway): { readonly nodes: readonly ListItemNode[] } {
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

  private itemNode(gateway: Gateway, idPrefix: string, item: Checked<T>, index: number): ListItemNode {
    const id = this.resource.idOf(item.value);
    return {
      kind: 'item',
      id: `${idPrefix}/${encodeSegment(this.resource.id)}/${id === undefined ? `#${index}` : encodeSegment(id)}`,
      gateway,
      item,
      ref: { gateway, kind: this.resource, item },
      request: () => this.source.itemRequest(gateway, index, id),
    };
  }

  private indexOfId(chain: TreeList<T>, id: string | undefined): number {
    return id === undefined ? -1 : chain.items.findIndex((item) => this.resource.idOf(item.value) === id);
  }
}
