/** The Webhook Subscriptions tree: one row per subscription (server order), its event kinds as children. */
import * as vscode from 'vscode';
import type { CheckedWebhook } from '../../api/model';
import type { CursorChain } from '../../api/paging';
import type { GatewayConnection } from '../../gateway/connection';
import { failureRow, infoRow, messageTreeItem, warningRow, type MessageNode } from '../common/messageRows';
import { notReadyRows } from '../pageGroups/pageGroupsProvider';
import { isKnownEvent, webhookDescription, webhookLabel, webhookTooltip } from './webhookPresentation';
import { WARNING_ICON } from '../common/icons';

export interface WebhookNode {
  readonly kind: 'webhook';
  readonly id: string;
  readonly item: CheckedWebhook;
}
export interface EventNode {
  readonly kind: 'event';
  readonly id: string;
  readonly webhook: WebhookNode;
  readonly event: string;
}
export type WebhooksNode = WebhookNode | EventNode | MessageNode;

const ROOT_ID = 'webhooks';

export class WebhooksProvider implements vscode.TreeDataProvider<WebhooksNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<WebhooksNode | undefined>();
  public readonly onDidChangeTreeData: vscode.Event<WebhooksNode | undefined> = this.changeEmitter.event;
  private readonly nodes = new WeakMap<CheckedWebhook, WebhookNode>();
  private readonly subscription: { dispose(): void };

  public constructor(
    public readonly chain: CursorChain<CheckedWebhook>,
    private readonly connection: GatewayConnection,
  ) {
    this.subscription = chain.onDidChange(() => this.changeEmitter.fire(undefined));
  }

  /** Loads the list again; a response from before is discarded. */
  public reload(): void {
    this.chain.reset();
  }

  /** Loads the list if it was never loaded or failed; joins a load in flight. */
  public ensureLoaded(): Promise<void> {
    return this.chain.started && !this.chain.error ? Promise.resolve() : this.chain.loadMore(1);
  }

  public webhooks(): readonly CheckedWebhook[] {
    return this.chain.items;
  }

  public getTreeItem(node: WebhooksNode): vscode.TreeItem {
    switch (node.kind) {
      case 'webhook':
        return webhookItem(node);
      case 'event':
        return eventItem(node);
      case 'message':
        return messageTreeItem(node);
    }
  }

  public async getChildren(node?: WebhooksNode): Promise<WebhooksNode[]> {
    if (node === undefined) {
      return this.rootChildren();
    }
    if (node.kind === 'webhook') {
      return eventChildren(node);
    }
    return [];
  }

  public getParent(node: WebhooksNode): WebhooksNode | undefined {
    return node.kind === 'event' ? node.webhook : undefined;
  }

  public dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }

  private async rootChildren(): Promise<WebhooksNode[]> {
    const state = await this.connection.state();
    if (state.kind !== 'ready') {
      return notReadyRows(state);
    }
    if (!this.chain.started && !this.chain.error) {
      await this.chain.loadMore(1);
    }
    const retry: vscode.Command = { command: 'pageGateway.refreshWebhooks', title: 'Retry' };
    if (this.chain.error && this.chain.error.kind === 'unauthorized') {
      return [failureRow(ROOT_ID, this.chain.error, 'webhook subscriptions', retry, false)];
    }
    const rows: WebhooksNode[] = this.chain.items.map((item, index) => this.webhookNode(item, index));
    if (this.chain.error) {
      rows.push(failureRow(ROOT_ID, this.chain.error, 'webhook subscriptions', retry, false));
    } else if (this.chain.duplicatesDropped > 0) {
      const n = this.chain.duplicatesDropped;
      rows.push(
        warningRow(
          `${ROOT_ID}/duplicates`,
          `${n} repeated ${n === 1 ? 'subscription' : 'subscriptions'} hidden`,
          'The gateway listed the same subscription id more than once; only the first is shown.',
        ),
      );
    }
    if (rows.length === 0 && this.chain.started) {
      rows.push(infoRow(`${ROOT_ID}/empty`, 'No webhook subscriptions', 'The gateway returned an empty list.'));
    }
    return rows;
  }

  private webhookNode(item: CheckedWebhook, index: number): WebhookNode {
    let node = this.nodes.get(item);
    if (!node) {
      const identity = item.value.id === undefined ? `#${index}` : encodeURIComponent(item.value.id);
      node = { kind: 'webhook', id: `${ROOT_ID}/wh/${identity}`, item };
      this.nodes.set(item, node);
    }
    return node;
  }
}

function webhookItem(node: WebhookNode): vscode.TreeItem {
  const hook = node.item.value;
  const item = new vscode.TreeItem(webhookLabel(hook), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.description = webhookDescription(hook);
  item.tooltip = new vscode.MarkdownString(webhookTooltip(node.item), true);
  const flagged = node.item.problems.length > 0;
  const active = hook.active === true;
  item.iconPath = flagged
    ? WARNING_ICON
    : active
      ? new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
  item.contextValue = `pageGateway.webhook.${active ? 'active' : 'inactive'}${flagged ? '.flagged' : ''}`;
  item.command = { command: 'pageGateway.openJson', title: 'Open as JSON', arguments: [node] };
  return item;
}

function eventItem(node: EventNode): vscode.TreeItem {
  const known = isKnownEvent(node.event);
  const item = new vscode.TreeItem(node.event, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = known
    ? new vscode.ThemeIcon('symbol-event')
    : WARNING_ICON;
  item.description = known ? undefined : 'unknown event kind';
  item.tooltip = known ? undefined : `“${node.event}” is not one of the six event kinds the API contract lists.`;
  item.contextValue = `pageGateway.event${known ? '' : '.unknown'}`;
  return item;
}

function eventChildren(node: WebhookNode): WebhooksNode[] {
  const events = node.item.value.events;
  if (events === null) {
    return [
      infoRow(
        `${node.id}/events-null`,
        'events: null',
        'The gateway sent `events: null` for this subscription. The API contract allows null but does not say what it means.',
      ),
    ];
  }
  if (events === undefined) {
    return [warningRow(`${node.id}/events-missing`, 'events: missing', 'The subscription has no valid `events` field.')];
  }
  if (events.length === 0) {
    return [infoRow(`${node.id}/events-empty`, 'No events', 'The subscription lists no event kinds (an empty array).')];
  }
  return events.map((event, index) => ({ kind: 'event', id: `${node.id}/event/${index}`, webhook: node, event }));
}
