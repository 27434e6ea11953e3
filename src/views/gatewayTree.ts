/**
 * What both trees share: the gateway level. With one usable gateway (and nothing else configured) the tree shows that
 * gateway's rows at the root, exactly like a single-gateway explorer; with two or more entries the root rows are the
 * gateways (collapsed: a collapsed gateway costs no request) and invalid entries say what is wrong. A gateway that
 * cannot be read (no key, keyring failure, plain-HTTP consent) shows one row saying what to do, under that gateway
 * only. Subclasses describe their own rows under a ready gateway.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Gateway } from '../gateway/gateway';
import type { NotReadyState } from '../gateway/connection';
import { isGateway, type GatewayRegistry, type InvalidGateway } from '../gateway/registry';
import type { ItemDocument } from '../documents/itemDocuments';
import type { ExportPlan } from '../model/exportPlan';
import type { LoadAllTarget } from '../model/loadAllTarget';
import type { ItemRef } from '../model/resource';
import { encodeSegment } from '../util/segment';
import type { ApiRequest } from '../api/apiRequest';
import { escapeMarkdown } from '../text/markdown';
import { conditionText, describeConfigProblem, describeNotReady, gatewayCondition, gatewayRowDescription, type GatewayCondition } from '../gateway/gatewayText';
import { ERROR_ICON } from './icons';
import { rowContextValue, type RowCapability } from './rowCapabilities';
import { messageTreeItem, setKeyRow, type MessageNode } from './messageRows';

/** Every row of both trees. */
export interface TreeNode {
  readonly kind: string;
  readonly id: string;
  /** The gateway the row belongs to: commands run on a row act on it. */
  readonly gateway?: Gateway;
  /** The item the row shows: generic commands (open, copy, compare) work on it. */
  readonly ref?: ItemRef;
  /** A document of the row's own (e.g. all page groups of a status), for "Open as JSON". */
  readonly document?: () => ItemDocument;
  /** The request the row's content came from (or, for "Load more…", will come from), for "Copy as cURL". */
  readonly request?: () => ApiRequest | undefined;
  /** Loads the next page of the row's list, with progress in its view ("Load more…", "Retry"). */
  readonly loadMore?: () => Promise<void>;
  /** The paged list the row stands for, when Load All can load the rest of it. */
  readonly loadAll?: LoadAllTarget;
  /**
   * The list the row stands for, to export ("Export…" on the row). A promise: the plans load with the export, not at
   * activation.
   */
  readonly exportPlan?: (several: boolean) => Promise<ExportPlan | undefined>;
}

export interface GatewayNode extends TreeNode {
  readonly kind: 'gateway';
  readonly gateway: Gateway;
}

export type BaseNode = GatewayNode | MessageNode;

const GATEWAY_ICONS: Record<GatewayCondition, { icon: string; color?: string }> = {
  ready: { icon: 'server-environment' },
  noKey: { icon: 'key', color: 'problemsWarningIcon.foreground' },
  keyUnavailable: { icon: 'key', color: 'problemsErrorIcon.foreground' },
  keyRejected: { icon: 'key', color: 'problemsErrorIcon.foreground' },
  unreachable: { icon: 'debug-disconnect', color: 'problemsErrorIcon.foreground' },
  insecure: { icon: 'shield', color: 'problemsWarningIcon.foreground' },
  insecureDenied: { icon: 'shield', color: 'problemsErrorIcon.foreground' },
};

export abstract class GatewayTree<N extends TreeNode> implements vscode.TreeDataProvider<N | BaseNode>, vscode.Disposable {
  protected readonly changeEmitter = new vscode.EventEmitter<N | BaseNode | undefined>();
  public readonly onDidChangeTreeData: vscode.Event<N | BaseNode | undefined> = this.changeEmitter.event;
  private readonly gatewayNodes = new WeakMap<Gateway, GatewayNode>();
  private readonly watched = new Map<Gateway, vscode.Disposable[]>();
  private readonly registrySubscription: vscode.Disposable;

  protected constructor(
    protected readonly registry: GatewayRegistry,
    /** Prefix of every row id of this tree. */
    private readonly rootId: string,
  ) {
    this.registrySubscription = registry.onDidChange(() => {
      this.syncWatches();
      this.changeEmitter.fire(undefined);
    });
  }

  /** Rows under a gateway whose connection is ready (the root rows when it is the only gateway). */
  protected abstract readyChildren(gateway: Gateway): Promise<Array<N | BaseNode>>;
  protected abstract childrenOf(node: N): Promise<Array<N | BaseNode>>;
  protected abstract treeItem(node: N): vscode.TreeItem;
  protected abstract parentOf(node: N): N | BaseNode | undefined;
  /** Subscribes to what this tree shows of `gateway` (its stores); disposed when the gateway goes. */
  protected abstract watch(gateway: Gateway): vscode.Disposable[];
  /** Called when a gateway left the settings: drop what the tree kept for it. */
  protected abstract forget(gateway: Gateway): void;

  /** The request behind the view as a whole on `gateway` (its gateway row, the view's title). */
  public viewRequest(_gateway: Gateway): ApiRequest | undefined {
    return undefined;
  }

  /** What "Export…" on a gateway's row writes, when the view shows one list per gateway. */
  protected gatewayExport(_gateway: Gateway, _several: boolean): Promise<ExportPlan | undefined> {
    return Promise.resolve(undefined);
  }

  /** The list a gateway's row stands for, when Load All can load the rest of it (a view of one paged list). */
  protected gatewayLoadAll(_gateway: Gateway): LoadAllTarget | undefined {
    return undefined;
  }

  /** What a gateway's row offers besides Refresh (its view's first request: Copy as cURL; its list: Export…, Search…). */
  protected gatewayCapabilities(gateway: Gateway): readonly RowCapability[] {
    return this.viewRequest(gateway) === undefined ? [] : ['curl'];
  }

  /** Whether `node` is a row of this tree (its id starts with the tree's prefix). */
  public owns(node: { readonly id?: unknown }): boolean {
    return typeof node.id === 'string' && node.id.startsWith(`${this.rootId}/`);
  }

  /** Starts watching the configured gateways; call at the end of the subclass constructor. */
  protected start(): void {
    this.syncWatches();
  }

  public getTreeItem(node: N | BaseNode): vscode.TreeItem | Thenable<vscode.TreeItem> {
    if (node.kind === 'gateway') {
      return this.gatewayItem((node as GatewayNode).gateway);
    }
    if (node.kind === 'message') {
      return messageTreeItem(node as MessageNode);
    }
    return this.treeItem(node as N);
  }

  public async getChildren(node?: N | BaseNode): Promise<Array<N | BaseNode>> {
    if (node === undefined) {
      return this.rootChildren();
    }
    if (node.kind === 'gateway') {
      return this.gatewayChildren((node as GatewayNode).gateway);
    }
    if (node.kind === 'message') {
      return [];
    }
    return this.childrenOf(node as N);
  }

  public getParent(node: N | BaseNode): N | BaseNode | undefined {
    if (node.kind === 'message') {
      // A message row is drawn under a row of this tree, or at the top.
      return (node as MessageNode).parent as N | undefined;
    }
    if (node.kind === 'gateway') {
      return undefined;
    }
    return this.parentOf(node as N);
  }

  public dispose(): void {
    this.registrySubscription.dispose();
    this.watched.forEach((subscriptions) => subscriptions.forEach((s) => s.dispose()));
    this.watched.clear();
    this.changeEmitter.dispose();
  }

  /** The row above a gateway's top rows: its gateway row, or none when the gateway is alone. */
  protected topParent(gateway: Gateway): GatewayNode | undefined {
    return this.registry.single() === gateway ? undefined : this.gatewayNode(gateway);
  }

  /** Re-render a gateway's top rows. */
  protected fireGateway(gateway: Gateway): void {
    this.changeEmitter.fire(this.topParent(gateway));
  }

  /** Whether the gateway's row is shown expanded when the view first shows it (e.g. as the user left it). */
  protected gatewayStartsExpanded(_gateway: Gateway): boolean {
    return false;
  }

  /** Prefix of the row ids under `gateway`. */
  protected gatewayId(gateway: Gateway): string {
    return `${this.rootId}/gw/${encodeSegment(gateway.key)}`;
  }

  public gatewayNode(gateway: Gateway): GatewayNode {
    let node = this.gatewayNodes.get(gateway);
    if (!node) {
      const exportPlan = (several: boolean): Promise<ExportPlan | undefined> => this.gatewayExport(gateway, several);
      const loadAll = this.gatewayLoadAll(gateway);
      node = { kind: 'gateway', id: this.gatewayId(gateway), gateway, request: () => this.viewRequest(gateway), exportPlan, ...(loadAll ? { loadAll } : {}) };
      this.gatewayNodes.set(gateway, node);
    }
    return node;
  }

  private async rootChildren(): Promise<Array<N | BaseNode>> {
    const single = this.registry.single();
    if (single) {
      return this.gatewayChildren(single);
    }
    return this.registry.entries().map((entry) => (isGateway(entry) ? this.gatewayNode(entry) : this.invalidRow(entry)));
  }

  private async gatewayChildren(gateway: Gateway): Promise<Array<N | BaseNode>> {
    if (gateway.removed) {
      return [];
    }
    const state = await gateway.connection.state();
    if (gateway.removed) {
      return [];
    }
    if (state.kind !== 'ready') {
      return this.notReadyRows(gateway, state);
    }
    return this.readyChildren(gateway);
  }

  /** Alone, a missing or unreadable key shows the welcome view (no rows); under a gateway row, one row says what to do. */
  private notReadyRows(gateway: Gateway, state: NotReadyState): BaseNode[] {
    const alone = this.registry.single() === gateway;
    const id = `${this.gatewayId(gateway)}/connection`;
    const text = describeNotReady(state, gateway.name, gateway.base.origin);
    switch (state.kind) {
      case 'noKey':
        return alone ? [] : [setKeyRow(`${id}/key`, gateway, l10n.t('no API key yet'), text)];
      case 'keyUnavailable':
        return alone ? [] : [setKeyRow(`${id}/keyring`, gateway, l10n.t('the keyring could not be read'), text)];
      case 'insecureUnanswered':
      case 'insecureDenied':
        return [
          {
            kind: 'message',
            id: `${id}/insecure`,
            label: state.kind === 'insecureDenied' ? l10n.t('Key not sent over plain HTTP') : l10n.t('Allow sending the key over plain HTTP…'),
            description: gateway.base.origin,
            tooltip: text,
            icon: new vscode.ThemeIcon('shield', new vscode.ThemeColor('problemsWarningIcon.foreground')),
            tone: 'warning',
            contextValue: 'pageGateway.insecure',
            command: { command: 'pageGateway.answerInsecure', title: l10n.t('Answer'), arguments: [{ gateway }] },
            gateway,
          },
        ];
    }
  }

  private invalidRow(entry: InvalidGateway): MessageNode {
    const text = describeConfigProblem(entry.problem);
    const setting = entry.source.kind === 'legacy' ? 'pageGateway.baseUrl' : 'pageGateway.gateways';
    return {
      kind: 'message',
      id: `${this.rootId}/${entry.id}`,
      label: text.label,
      description: text.description,
      tooltip: `${text.detail}\n\n${l10n.t('Click to open the {0} setting.', `\`${setting}\``)}`,
      icon: ERROR_ICON,
      tone: 'error',
      contextValue: 'pageGateway.invalidGateway',
      command: { command: 'workbench.action.openSettings', title: l10n.t('Open Settings'), arguments: [setting] },
    };
  }

  private async gatewayItem(gateway: Gateway): Promise<vscode.TreeItem> {
    const state = await gateway.connection.state();
    const condition = gatewayCondition(state.kind, gateway.connection.health);
    const item = new vscode.TreeItem(gateway.name, this.gatewayStartsExpanded(gateway) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.gatewayId(gateway);
    item.description = gatewayRowDescription(gateway.name, gateway.address, condition === 'ready' ? undefined : conditionText(condition));
    const look = GATEWAY_ICONS[condition];
    // The state is in the icon's shape and in words; the gateway's own colour (the user's choice) only marks a
    // gateway that is fine, so it never reads as a state.
    const color = condition === 'ready' ? gateway.color : look.color;
    item.iconPath = new vscode.ThemeIcon(look.icon, color === undefined ? undefined : new vscode.ThemeColor(color));
    // Names and URLs come from settings (a workspace may set them): escaped, so they cannot add an image, link or icon.
    item.tooltip = new vscode.MarkdownString(`**${escapeMarkdown(gateway.name)}** — ${escapeMarkdown(conditionText(condition))}\n\n${escapeMarkdown(gateway.base.href)}`);
    item.contextValue = rowContextValue(`gateway.${condition}`, ['refresh', ...this.gatewayCapabilities(gateway)]);
    item.accessibilityInformation = { label: l10n.t('Gateway {0}, {1}, {2}', gateway.name, gateway.address, conditionText(condition)) };
    return item;
  }

  private syncWatches(): void {
    const current = new Set(this.registry.gateways());
    for (const [gateway, subscriptions] of this.watched) {
      if (!current.has(gateway)) {
        subscriptions.forEach((s) => s.dispose());
        this.watched.delete(gateway);
        this.forget(gateway);
      }
    }
    for (const gateway of current) {
      if (!this.watched.has(gateway)) {
        this.watched.set(gateway, [
          gateway.connection.onDidChange(() => this.fireGateway(gateway)),
          gateway.connection.onDidChangeHealth(() => {
            if (this.registry.single() !== gateway) {
              this.changeEmitter.fire(this.gatewayNode(gateway));
            }
          }),
          ...this.watch(gateway),
        ]);
      }
    }
  }
}
