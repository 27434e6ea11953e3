/**
 * The Webhook Subscriptions tree: per gateway, one row per subscription (server order), its event kinds as children.
 * The gateway level comes from GatewayTree; the list is one plain loadable per gateway (no paging in the contract).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedWebhook } from '../../api/model';
import type { Gateway } from '../../gateway/gateway';
import type { GatewayRegistry } from '../../gateway/registry';
import type { ItemRef, ResourceKind } from '../../resources/resource';
import { encodeSegment } from '../../util/segment';
import { GatewayTree, type BaseNode, type TreeNode } from '../common/gatewayTree';
import { displayText, visibleText } from '../common/displayText';
import { WARNING_ICON } from '../common/icons';
import { failureRow, infoRow, warningRow } from '../common/messageRows';
import { WEBHOOK, WEBHOOKS_STORE, type WebhookList } from './webhookResource';
import { eventsSummary, isKnownEvent, webhookDescription, webhookLabel, webhookTooltip } from './webhookPresentation';
import { webhookCount } from './webhookWords';
import { formatNumber } from '../../l10n/numbers';
import { plural } from '../../l10n/plural';

export interface WebhookNode extends TreeNode {
  readonly kind: 'webhook';
  readonly gateway: Gateway;
  readonly item: CheckedWebhook;
  readonly ref: ItemRef;
}
export interface EventNode extends TreeNode {
  readonly kind: 'event';
  readonly gateway: Gateway;
  readonly webhook: WebhookNode;
  readonly event: string;
  /** The subscription the event belongs to. */
  readonly ref: ItemRef;
}
type OwnNode = WebhookNode | EventNode;
export type WebhooksNode = OwnNode | BaseNode;

export class WebhooksProvider extends GatewayTree<OwnNode> {
  private readonly nodes = new WeakMap<CheckedWebhook, WebhookNode>();

  public constructor(registry: GatewayRegistry) {
    super(registry, 'webhooks');
    this.start();
  }

  /** The gateway's subscription list (created on first use; loads nothing by itself). */
  public list(gateway: Gateway): WebhookList {
    return gateway.store(WEBHOOKS_STORE);
  }

  /** Loads the gateway's list again; the rows shown stay until the new list lands. */
  public reload(gateway: Gateway): Promise<void> {
    return this.list(gateway).reload();
  }

  public nodeFor(ref: ItemRef): WebhooksNode | undefined {
    if (ref.kind !== (WEBHOOK as ResourceKind<unknown>) || ref.gateway.existingStore(WEBHOOKS_STORE) === undefined) {
      return undefined;
    }
    const id = ref.kind.idOf(ref.item.value);
    const items = this.list(ref.gateway).items;
    const index = items.findIndex((item) => item === ref.item || (id !== undefined && item.value.id === id));
    return index < 0 ? undefined : this.webhookNode(ref.gateway, items[index] as CheckedWebhook, index);
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    const subscription = this.list(gateway).onDidChange(() => this.fireGateway(gateway));
    return [{ dispose: () => subscription.dispose() }];
  }

  protected forget(): void {
    // Rows are kept in a WeakMap keyed by the items: nothing to drop.
  }

  protected treeItem(node: OwnNode): vscode.TreeItem {
    return node.kind === 'webhook' ? webhookItem(node) : eventItem(node);
  }

  protected async childrenOf(node: OwnNode): Promise<WebhooksNode[]> {
    return node.kind === 'webhook' ? eventChildren(node) : [];
  }

  protected parentOf(node: OwnNode): WebhooksNode | undefined {
    return node.kind === 'event' ? node.webhook : this.topParent(node.gateway);
  }

  protected async readyChildren(gateway: Gateway): Promise<WebhooksNode[]> {
    const list = this.list(gateway);
    if (!list.loaded && !list.error) {
      await list.load();
    }
    if (gateway.removed) {
      return [];
    }
    const idPrefix = this.gatewayId(gateway);
    const retry: vscode.Command = { command: 'pageGateway.refreshWebhooks', title: l10n.t('Retry'), arguments: [{ gateway }] };
    if (list.error && list.error.kind === 'unauthorized') {
      return [failureRow(idPrefix, list.error, 'webhookSubscriptions', retry, false, gateway)];
    }
    const rows: WebhooksNode[] = list.items.map((item, index) => this.webhookNode(gateway, item, index));
    if (list.error) {
      rows.push(failureRow(idPrefix, list.error, 'webhookSubscriptions', retry, list.loaded, gateway));
    }
    if (list.truncated) {
      const { kept, total } = list.truncated;
      rows.push(
        warningRow(
          `${idPrefix}/truncated`,
          notShownText(total - kept),
          l10n.t('The gateway sent {0}; the first {1} are shown.', webhookCount(total), formatNumber(kept)),
        ),
      );
    }
    if (!list.error && list.duplicatesDropped > 0) {
      const n = list.duplicatesDropped;
      rows.push(
        warningRow(
          `${idPrefix}/duplicates`,
          repeatedText(n),
          l10n.t('The gateway listed the same subscription id more than once; only the first is shown.'),
        ),
      );
    }
    if (rows.length === 0 && list.loaded) {
      rows.push(infoRow(`${idPrefix}/empty`, l10n.t('No webhook subscriptions'), l10n.t('The gateway returned an empty list.')));
    }
    return rows;
  }

  private webhookNode(gateway: Gateway, item: CheckedWebhook, index: number): WebhookNode {
    let node = this.nodes.get(item);
    if (!node) {
      const identity = item.value.id === undefined ? `#${index}` : encodeSegment(item.value.id);
      node = { kind: 'webhook', id: `${this.gatewayId(gateway)}/wh/${identity}`, gateway, item, ref: { gateway, kind: WEBHOOK, item } as ItemRef };
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
  item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
  return item;
}

function eventItem(node: EventNode): vscode.TreeItem {
  const known = isKnownEvent(node.event);
  const item = new vscode.TreeItem(displayText(node.event), vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = known ? new vscode.ThemeIcon('symbol-event') : WARNING_ICON;
  item.description = known ? undefined : l10n.t('unknown event kind');
  item.tooltip = known ? undefined : l10n.t('“{0}” is not one of the six event kinds the API contract lists.', visibleText(node.event));
  item.contextValue = `pageGateway.event${known ? '' : '.unknown'}`;
  return item;
}

function eventChildren(node: WebhookNode): WebhooksNode[] {
  const events = node.item.value.events;
  if (events === null) {
    return [
      infoRow(
        `${node.id}/events-null`,
        eventsSummary(null),
        l10n.t('The gateway sent {0} for this subscription. The API contract allows null but does not say what it means.', '`events: null`'),
      ),
    ];
  }
  if (events === undefined) {
    return [warningRow(`${node.id}/events-missing`, l10n.t('events: missing'), l10n.t('The subscription has no valid {0} field.', '`events`'))];
  }
  if (events.length === 0) {
    return [infoRow(`${node.id}/events-empty`, l10n.t('No events'), l10n.t('The subscription lists no event kinds (an empty array).'))];
  }
  return events.map((event, index) => ({ kind: 'event', id: `${node.id}/event/${index}`, gateway: node.gateway, webhook: node, event, ref: node.ref }));
}

/** "3 more subscriptions not shown". */
function notShownText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} more subscription not shown', count),
    two: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} more subscriptions not shown', count),
  });
}

/** "2 repeated subscriptions hidden". */
function repeatedText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} repeated subscription hidden', count),
    two: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} repeated subscriptions hidden', count),
  });
}
