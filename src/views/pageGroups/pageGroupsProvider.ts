/**
 * The Page Groups tree: one row per status (each its own cursor chain), page groups under it in server order, a
 * "Load more…" row while the chain has more, and errors where they happen.
 */
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../api/model';
import type { Settings } from '../../config/settings';
import { describeNotReady, type ConnectionState, type GatewayConnection } from '../../gateway/connection';
import { failureRow, infoRow, messageTreeItem, warningRow, type MessageNode } from '../common/messageRows';
import { describeChainNotice } from '../common/errorText';
import { groupDescription, groupLabel } from './groupPresentation';
import { isDeleted, pageGroupDescription, pageGroupLabel, pageGroupTooltip } from './pageGroupPresentation';
import { NO_STATUS, orderStatuses, type GroupKey, type PageGroupsModel } from './pageGroupsModel';
import { ERROR_ICON, WARNING_ICON } from '../common/icons';

export interface StatusNode {
  readonly kind: 'status';
  readonly id: string;
  readonly key: GroupKey;
}
export interface PageGroupNode {
  readonly kind: 'pageGroup';
  readonly id: string;
  readonly key: GroupKey;
  readonly item: CheckedPageGroup;
}
/** "Load more…" of one group; `pages` is how many pages the chain had when the row was made (a stale row does nothing). */
export interface LoadMoreNode {
  readonly kind: 'loadMore';
  readonly id: string;
  readonly key: GroupKey;
  readonly pages: number;
}
/** "Find more statuses…": the next page of the unfiltered chain. */
export interface DiscoverNode {
  readonly kind: 'discover';
  readonly id: string;
  readonly pages: number;
}
export type PageGroupsNode = StatusNode | PageGroupNode | LoadMoreNode | DiscoverNode | MessageNode;

/** What the retry and load-more commands receive. */
export interface LoadTarget {
  readonly key: GroupKey;
  /** When set, the load only happens if the chain still has this many pages (protects against double clicks). */
  readonly pages?: number;
}

const ROOT_ID = 'pageGroups';

export class PageGroupsProvider implements vscode.TreeDataProvider<PageGroupsNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<PageGroupsNode | undefined>();
  public readonly onDidChangeTreeData: vscode.Event<PageGroupsNode | undefined> = this.changeEmitter.event;
  private readonly statusNodes = new Map<GroupKey, StatusNode>();
  private readonly itemNodes = new WeakMap<CheckedPageGroup, PageGroupNode>();
  private readonly childCache = new Map<GroupKey, { version: number; showDeleted: boolean; nodes: PageGroupNode[]; hidden: number }>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private filterKey: GroupKey | undefined;

  public constructor(
    public readonly model: PageGroupsModel,
    private readonly connection: GatewayConnection,
    private readonly settings: () => Settings,
  ) {
    // The editor debounces these events (a refresh at most every 200 ms), so a long "Load All" re-renders a few times
    // per second, not once per page.
    const modelSubscription = model.onDidChange((change) => {
      this.changeEmitter.fire(change.scope === 'root' ? undefined : this.statusNode(change.key));
    });
    this.subscriptions.push({ dispose: () => modelSubscription.dispose() });
  }

  public get filter(): GroupKey | undefined {
    return this.filterKey;
  }

  /** Shows only one status group (undefined: all). */
  public setFilter(key: GroupKey | undefined): void {
    this.filterKey = key;
    this.refreshRoot();
  }

  /** Re-renders from the current state (e.g. after `showDeleted` or `statuses` changed); loads nothing. */
  public refreshRoot(): void {
    this.changeEmitter.fire(undefined);
  }

  /** Back to page 1 for one group, or for everything; in-flight responses from before are discarded. */
  public reload(key?: GroupKey): void {
    if (key === undefined) {
      this.model.resetAll();
      this.childCache.clear();
    } else {
      this.model.resetGroup(key);
      this.childCache.delete(key);
    }
  }

  /** One page more of a group. Does nothing for a stale "Load more…" row, or while that group is loading (then it joins the load). */
  public loadMore(target: LoadTarget): Promise<void> {
    const chain = this.model.chain(target.key);
    if (target.pages !== undefined && !chain.loading && chain.pages !== target.pages) {
      return Promise.resolve();
    }
    return chain.loadMore(this.settings().pageSize);
  }

  public statusNode(key: GroupKey): StatusNode {
    let node = this.statusNodes.get(key);
    if (!node) {
      node = { kind: 'status', id: `${ROOT_ID}/status/${encodeURIComponent(key)}`, key };
      this.statusNodes.set(key, node);
    }
    return node;
  }

  /** The status groups currently known: configured, discovered, and "(no status)" when it has items. */
  public knownGroups(): GroupKey[] {
    const statuses: GroupKey[] = orderStatuses(this.settings().statuses, this.model.discovered);
    if (this.model.hasUnstatused) {
      statuses.push(NO_STATUS);
    }
    return statuses;
  }

  public getTreeItem(node: PageGroupsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'status':
        return this.statusItem(node);
      case 'pageGroup':
        return this.pageGroupItem(node);
      case 'loadMore': {
        const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('more');
        item.contextValue = 'pageGateway.loadMore';
        item.tooltip = `Load the next ${this.settings().pageSize} page groups`;
        item.command = { command: 'pageGateway.loadMore', title: 'Load More', arguments: [node] };
        return item;
      }
      case 'discover': {
        const item = new vscode.TreeItem('Find more statuses…', vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('search');
        item.contextValue = 'pageGateway.discover';
        item.tooltip = 'Load the next page of all page groups and add any status found in it';
        item.command = { command: 'pageGateway.loadMore', title: 'Load More', arguments: [node] };
        return item;
      }
      case 'message':
        return messageTreeItem(node);
    }
  }

  /** Tooltips are built on hover only: a group can hold thousands of rows. */
  public resolveTreeItem(item: vscode.TreeItem, node: PageGroupsNode): vscode.TreeItem {
    if (node.kind === 'pageGroup' && item.tooltip === undefined) {
      item.tooltip = new vscode.MarkdownString(pageGroupTooltip(node.item), true);
    }
    return item;
  }

  public async getChildren(node?: PageGroupsNode): Promise<PageGroupsNode[]> {
    if (node === undefined) {
      return this.rootChildren();
    }
    if (node.kind === 'status') {
      return this.groupChildren(node.key);
    }
    return [];
  }

  public getParent(node: PageGroupsNode): PageGroupsNode | undefined {
    if (node.kind === 'pageGroup' || node.kind === 'loadMore') {
      return this.statusNode(node.key);
    }
    return undefined;
  }

  public dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changeEmitter.dispose();
  }

  private async rootChildren(): Promise<PageGroupsNode[]> {
    const state = await this.connection.state();
    if (state.kind !== 'ready') {
      return notReadyRows(state);
    }
    if (this.filterKey !== undefined) {
      return [this.statusNode(this.filterKey)];
    }
    const discovery = this.model.discovery;
    if (!discovery.started && !discovery.error) {
      await discovery.loadMore(this.settings().pageSize);
    }
    const rows: PageGroupsNode[] = this.knownGroups().map((key) => this.statusNode(key));
    if (discovery.error) {
      if (discovery.error.kind === 'unauthorized') {
        return [failureRow(ROOT_ID, discovery.error, 'page groups', retry(NO_STATUS), false)];
      }
      rows.push(failureRow(ROOT_ID, discovery.error, 'page groups', retry(NO_STATUS), discovery.started));
    } else if (discovery.notice) {
      rows.push(noticeRow(`${ROOT_ID}/notice`, describeChainNotice(discovery.notice), discovery.notice.severity, undefined));
    } else if (discovery.hasMore && !discovery.loading) {
      rows.push({ kind: 'discover', id: `${ROOT_ID}/discover`, pages: discovery.pages });
    }
    if (rows.length === 0 && discovery.started && !discovery.hasMore) {
      rows.push(infoRow(`${ROOT_ID}/empty`, 'No page groups', 'The gateway returned no page groups.'));
    }
    return rows;
  }

  private async groupChildren(key: GroupKey): Promise<PageGroupsNode[]> {
    const chain = this.model.chain(key);
    if (!chain.started && !chain.error) {
      await chain.loadMore(this.settings().pageSize);
    }
    const { nodes, hidden } = this.itemRows(key);
    const rows: PageGroupsNode[] = [...nodes];
    const idPrefix = this.statusNode(key).id;
    if (chain.error) {
      rows.push(failureRow(idPrefix, chain.error, 'page groups', retry(key), chain.started));
    } else if (chain.notice) {
      rows.push(noticeRow(`${idPrefix}/notice`, describeChainNotice(chain.notice), chain.notice.severity, this.statusNode(key)));
    } else if (chain.hasMore && !chain.loading) {
      rows.push({ kind: 'loadMore', id: `${idPrefix}/more`, key, pages: chain.pages });
    }
    if (rows.length === 0 && chain.started) {
      const label = hidden > 0 ? `No page groups (${hidden} deleted hidden)` : 'No page groups';
      rows.push(infoRow(`${idPrefix}/empty`, label, hidden > 0 ? 'Turn on `pageGateway.showDeleted` to see deleted page groups.' : undefined));
    }
    return rows;
  }

  /** Page group rows of a group, cached until its chain or `showDeleted` changes. */
  private itemRows(key: GroupKey): { nodes: PageGroupNode[]; hidden: number } {
    const showDeleted = this.settings().showDeleted;
    const version = this.model.chain(key).version;
    const cached = this.childCache.get(key);
    if (cached && cached.version === version && cached.showDeleted === showDeleted) {
      return cached;
    }
    const idPrefix = this.statusNode(key).id;
    const nodes: PageGroupNode[] = [];
    let hidden = 0;
    this.model.itemsOf(key).forEach((item, index) => {
      if (!showDeleted && isDeleted(item.value)) {
        hidden += 1;
        return;
      }
      let node = this.itemNodes.get(item);
      if (!node) {
        const identity = item.value.pageGroupId === undefined ? `#${index}` : encodeURIComponent(item.value.pageGroupId);
        node = { kind: 'pageGroup', id: `${idPrefix}/pg/${identity}`, key, item };
        this.itemNodes.set(item, node);
      }
      nodes.push(node);
    });
    const entry = { version, showDeleted, nodes, hidden };
    this.childCache.set(key, entry);
    return entry;
  }

  private statusItem(node: StatusNode): vscode.TreeItem {
    const chain = this.model.chain(node.key);
    const expanded = this.filterKey === node.key;
    const item = new vscode.TreeItem(
      groupLabel(node.key),
      expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = node.id;
    const hidden = chain.started ? this.itemRows(node.key).hidden : 0;
    item.description = groupDescription({
      started: chain.started,
      loading: chain.loading,
      loaded: this.model.itemsOf(node.key).length,
      hasMore: chain.hasMore,
      hiddenDeleted: hidden,
    });
    item.iconPath = chain.loading
      ? new vscode.ThemeIcon('loading~spin')
      : chain.error
        ? WARNING_ICON
        : new vscode.ThemeIcon(node.key === NO_STATUS ? 'circle-outline' : 'tag');
    item.contextValue = `pageGateway.status${chain.hasMore ? '.more' : ''}`;
    item.tooltip = node.key === NO_STATUS ? 'Page groups that have no status (from the unfiltered list)' : `Page groups with status “${node.key}”`;
    return item;
  }

  private pageGroupItem(node: PageGroupNode): vscode.TreeItem {
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
    item.contextValue = `pageGateway.pageGroup${deleted ? '.deleted' : ''}${flagged ? '.flagged' : ''}`;
    item.command = { command: 'pageGateway.openJson', title: 'Open as JSON', arguments: [node] };
    return item;
  }
}

function retry(key: GroupKey): vscode.Command {
  const target: LoadTarget = { key };
  return { command: 'pageGateway.loadMore', title: 'Retry', arguments: [target] };
}

function noticeRow(id: string, message: string, severity: 'error' | 'warning', group: StatusNode | undefined): MessageNode {
  const refresh: vscode.Command = { command: 'pageGateway.refreshPageGroups', title: 'Refresh', arguments: group ? [group] : [] };
  const tooltip = `${message}\n\nClick to refresh and start again from the first page.`;
  if (severity === 'warning') {
    return warningRow(id, 'Paging stopped early — refresh', tooltip, refresh);
  }
  return {
    kind: 'message',
    id,
    label: 'Paging stopped: the gateway repeated a cursor — refresh',
    tooltip,
    icon: ERROR_ICON,
    contextValue: 'pageGateway.error',
    command: refresh,
  };
}

/** Rows for a connection without a client: empty (so the welcome view shows) or one row that says what to do. */
export function notReadyRows(state: Exclude<ConnectionState, { kind: 'ready' }>): MessageNode[] {
  switch (state.kind) {
    case 'noUrl':
    case 'noKey':
    case 'keyUnavailable':
      return [];
    case 'badUrl':
      return [
        {
          kind: 'message',
          id: 'connection/badUrl',
          label: 'Fix the gateway URL…',
          description: 'the URL in settings is not valid',
          tooltip: describeNotReady(state),
          icon: ERROR_ICON,
          contextValue: 'pageGateway.error',
          command: { command: 'pageGateway.setBaseUrl', title: 'Set Gateway URL…' },
        },
      ];
    case 'insecureDenied':
      return [
        {
          kind: 'message',
          id: 'connection/insecure',
          label: 'Key not sent over plain HTTP',
          description: state.origin,
          tooltip: describeNotReady(state),
          icon: new vscode.ThemeIcon('shield', new vscode.ThemeColor('problemsWarningIcon.foreground')),
          contextValue: 'pageGateway.error',
          command: { command: 'pageGateway.setBaseUrl', title: 'Set Gateway URL…' },
        },
      ];
  }
}
