/**
 * The Webhook Subscriptions tree, per gateway, in one of two groupings (`pageGateway.webhooks.groupBy`):
 * - by subscription: one row per subscription (server order), its event kinds as children;
 * - by event: one row per event kind (the contract's kinds in its order, then unknown kinds seen, then `events: null`),
 *   counting active and inactive receivers; the subscriptions as children.
 * Every subscription row shows the checks' findings (webhookChecks.ts) and the marks of the last refresh (new, changed,
 * removed; removed ones stay until the next refresh). The gateway level comes from GatewayTree; the list is one plain
 * loadable per gateway (no paging in the contract). Rows are rebuilt once per list, marks or grouping change.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedWebhook } from '../../api/model';
import type { Settings, WebhookGrouping } from '../../config/settings';
import type { Gateway } from '../../gateway/gateway';
import type { GatewayRegistry } from '../../gateway/registry';
import type { ItemRef, ResourceKind } from '../../resources/resource';
import { encodeSegment } from '../../util/segment';
import type { ApiRequest } from '../common/apiRequest';
import { applyMark } from '../common/changeDecorations';
import { changeSection } from '../common/changePresentation';
import { GatewayTree, type BaseNode, type TreeNode } from '../common/gatewayTree';
import { displayText, visibleText } from '../common/displayText';
import { WARNING_ICON } from '../common/icons';
import type { ChangeMark } from '../common/itemChanges';
import { failureRow, infoRow, warningRow } from '../common/messageRows';
import { errorRowText } from '../common/errorText';
import { findingsSummary } from './checkText';
import { eventGroupId, groupByEvent, type EventGroup } from './eventGroups';
import { WEBHOOK_ANALYSIS_STORE } from './webhookAnalysis';
import { WEBHOOK_CHANGES_STORE } from './webhookChanges';
import {
  eventAccessibleLabel,
  eventGroupDescription,
  eventGroupLabel,
  eventGroupTooltip,
  eventsSummary,
  isKnownEvent,
  webhookAccessibleLabel,
  webhookDescription,
  webhookRowAccessibleLabel,
  webhookTooltip,
} from './webhookPresentation';
import { webhookNaming, type WebhookNaming } from './webhookNaming';
import { webhookCount } from './webhookWords';
import { formatNumber } from '../../l10n/numbers';
import { plural } from '../../l10n/plural';
import { webhookListRequest } from './webhookRequests';
import { WEBHOOK, WEBHOOKS_STORE, type WebhookList } from './webhookResource';

export interface WebhookNode extends TreeNode {
  readonly kind: 'webhook';
  readonly gateway: Gateway;
  readonly item: CheckedWebhook;
  readonly ref: ItemRef;
  /** The gateway no longer lists it: shown, marked removed, until the next refresh. */
  readonly removed: boolean;
  /** The event row it is under (grouped by event); undefined when grouped by subscription. */
  readonly group?: EventGroupNode;
  /** What tells it apart from the others of its list (webhookNaming.ts). */
  readonly label: string;
  /** The host all subscriptions of the list share, said after the rest; undefined when they differ. */
  readonly sharedHost: string | undefined;
}
export interface EventNode extends TreeNode {
  readonly kind: 'event';
  readonly gateway: Gateway;
  readonly webhook: WebhookNode;
  readonly event: string;
  /** The subscription the event belongs to. */
  readonly ref: ItemRef;
}
/** One event kind (or `events: null`) with the subscriptions that receive it (grouped by event). */
export interface EventGroupNode extends TreeNode {
  readonly kind: 'eventGroup';
  readonly gateway: Gateway;
  readonly group: EventGroup<Member>;
}
type OwnNode = WebhookNode | EventNode | EventGroupNode;
export type WebhooksNode = OwnNode | BaseNode;

/** A subscription as the rows show it: listed now, or removed by the last refresh. */
interface Member {
  readonly item: CheckedWebhook;
  readonly removed: boolean;
}

/** The rows of one gateway, built once per list version, marks version and grouping. */
interface Snapshot {
  readonly stamp: string;
  readonly top: WebhooksNode[];
  readonly children: ReadonlyMap<string, WebhookNode[]>;
  /** Per item, its first row (for reveal). */
  readonly rowOf: ReadonlyMap<CheckedWebhook, WebhookNode>;
}

export class WebhooksProvider extends GatewayTree<OwnNode> {
  private readonly snapshots = new WeakMap<Gateway, Snapshot>();

  public constructor(
    registry: GatewayRegistry,
    private readonly settings: () => Settings,
  ) {
    super(registry, 'webhooks');
    this.start();
  }

  /** The gateway's subscription list (created on first use; loads nothing by itself). */
  public list(gateway: Gateway): WebhookList {
    return gateway.store(WEBHOOKS_STORE);
  }

  /** Loads the gateway's list again; the rows shown stay until the new list lands, then carry the changes. */
  public reload(gateway: Gateway): Promise<void> {
    return this.list(gateway).reload();
  }

  /** Re-renders everything (the grouping changed); loads nothing. */
  public refreshRoot(): void {
    this.changeEmitter.fire(undefined);
  }

  private get grouping(): WebhookGrouping {
    return this.settings().webhooksGroupBy;
  }

  public override viewRequest(gateway: Gateway): ApiRequest | undefined {
    return webhookListRequest(gateway.base.href);
  }

  /** Findings of the loaded lists of every gateway, in all. */
  public warningCount(): number {
    return this.registry.gateways().reduce((sum, gateway) => sum + (gateway.existingStore(WEBHOOKS_STORE)?.loaded ? gateway.store(WEBHOOK_ANALYSIS_STORE).count() : 0), 0);
  }

  public nodeFor(ref: ItemRef): WebhooksNode | undefined {
    if (ref.kind !== (WEBHOOK as ResourceKind<unknown>) || ref.gateway.existingStore(WEBHOOKS_STORE) === undefined) {
      return undefined;
    }
    const id = ref.kind.idOf(ref.item.value);
    const item = this.list(ref.gateway).items.find((candidate) => candidate === ref.item || (id !== undefined && candidate.value.id === id));
    return item === undefined ? undefined : this.snapshot(ref.gateway).rowOf.get(item);
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    // Created now, so that it sees the list shown before the next refresh lands.
    gateway.store(WEBHOOK_CHANGES_STORE);
    const subscription = this.list(gateway).onDidChange(() => this.fireGateway(gateway));
    return [{ dispose: () => subscription.dispose() }];
  }

  protected forget(): void {
    // Snapshots are kept in a WeakMap keyed by the gateway: nothing to drop.
  }

  protected treeItem(node: OwnNode): vscode.TreeItem {
    switch (node.kind) {
      case 'webhook':
        return this.webhookItem(node);
      case 'event':
        return eventItem(node);
      case 'eventGroup':
        return eventGroupItem(node);
    }
  }

  /** Tooltips are built on hover only: a list can hold thousands of subscriptions. */
  public resolveTreeItem(item: vscode.TreeItem, node: WebhooksNode): vscode.TreeItem {
    if (node.kind === 'webhook' && item.tooltip === undefined) {
      const findings = node.removed ? [] : node.gateway.store(WEBHOOK_ANALYSIS_STORE).findingsOf(node.item);
      const tooltip = webhookTooltip(node.item, Date.now(), findings) + changeSection(this.markOf(node));
      item.tooltip = new vscode.MarkdownString(tooltip, true);
    }
    return item;
  }

  protected async childrenOf(node: OwnNode): Promise<WebhooksNode[]> {
    if (node.kind === 'webhook') {
      return node.group === undefined ? eventChildren(node) : [];
    }
    if (node.kind === 'eventGroup') {
      return this.snapshot(node.gateway).children.get(node.id) ?? [];
    }
    return [];
  }

  protected parentOf(node: OwnNode): WebhooksNode | undefined {
    if (node.kind === 'event') {
      return node.webhook;
    }
    if (node.kind === 'webhook' && node.group !== undefined) {
      return node.group;
    }
    return this.topParent(node.gateway);
  }

  protected async readyChildren(gateway: Gateway): Promise<WebhooksNode[]> {
    const list = this.list(gateway);
    if (!list.loaded && !list.error) {
      await list.load();
    }
    if (gateway.removed) {
      return [];
    }
    return this.snapshot(gateway).top;
  }

  private snapshot(gateway: Gateway): Snapshot {
    const list = this.list(gateway);
    const changes = gateway.store(WEBHOOK_CHANGES_STORE);
    const grouping = this.grouping;
    const stamp = `${list.version}/${changes.version}/${grouping}`;
    const cached = this.snapshots.get(gateway);
    if (cached?.stamp === stamp) {
      return cached;
    }
    const built = this.build(gateway, list, grouping, stamp);
    this.snapshots.set(gateway, built);
    return built;
  }

  private build(gateway: Gateway, list: WebhookList, grouping: WebhookGrouping, stamp: string): Snapshot {
    const idPrefix = this.gatewayId(gateway);
    const retry: vscode.Command = { command: 'pageGateway.refreshWebhooks', title: l10n.t('Retry'), arguments: [{ gateway }] };
    const children = new Map<string, WebhookNode[]>();
    const rowOf = new Map<CheckedWebhook, WebhookNode>();
    if (list.error && list.error.kind === 'unauthorized') {
      return { stamp, top: [failureRow(idPrefix, list.error, 'webhookSubscriptions', retry, false, gateway)], children, rowOf };
    }
    const { removed } = gateway.store(WEBHOOK_CHANGES_STORE).changes();
    const members: Member[] = [...list.items.map((item) => ({ item, removed: false })), ...removed.map((item) => ({ item, removed: true }))];
    const naming = webhookNaming(members.map((member) => member.item.value));
    const top: WebhooksNode[] = [];
    if (grouping === 'event') {
      for (const group of groupByEvent(members, (member) => member.item.value, (member) => !member.removed)) {
        const groupNode: EventGroupNode = {
          kind: 'eventGroup',
          id: `${idPrefix}/ev/${encodeSegment(eventGroupId(group.key))}`,
          gateway,
          group,
          request: () => this.viewRequest(gateway),
        };
        top.push(groupNode);
        const rows = group.members.map((member, index) => this.webhookNode(gateway, member, `${groupNode.id}/wh/${identity(member.item, index)}`, groupNode, naming));
        rows.forEach((row) => rowOf.has(row.item) || rowOf.set(row.item, row));
        children.set(groupNode.id, rows);
      }
    } else {
      members.forEach((member, index) => {
        const row = this.webhookNode(gateway, member, `${idPrefix}/wh/${identity(member.item, index)}`, undefined, naming);
        rowOf.set(member.item, row);
        top.push(row);
      });
    }
    if (list.error) {
      top.push(list.loaded ? refreshFailedRow(idPrefix, list, retry, gateway) : failureRow(idPrefix, list.error, 'webhookSubscriptions', retry, false, gateway));
    }
    if (list.truncated) {
      const { kept, total } = list.truncated;
      top.push(
        warningRow(
          `${idPrefix}/truncated`,
          notShownText(total - kept),
          l10n.t('The gateway sent {0}; the first {1} are shown.', webhookCount(total), formatNumber(kept)),
        ),
      );
    }
    if (!list.error && list.duplicatesDropped > 0) {
      const n = list.duplicatesDropped;
      top.push(
        warningRow(
          `${idPrefix}/duplicates`,
          repeatedText(n),
          l10n.t('The gateway listed the same subscription id more than once; only the first is shown.'),
        ),
      );
    }
    if (list.loaded && list.items.length === 0 && removed.length === 0 && grouping === 'subscription') {
      top.push(infoRow(`${idPrefix}/empty`, l10n.t('No webhook subscriptions'), l10n.t('The gateway returned an empty list.')));
    }
    return { stamp, top, children, rowOf };
  }

  private webhookNode(gateway: Gateway, member: Member, id: string, group: EventGroupNode | undefined, naming: WebhookNaming): WebhookNode {
    return {
      kind: 'webhook',
      id,
      gateway,
      item: member.item,
      label: naming.label(member.item.value),
      sharedHost: naming.sharedHost,
      ref: { gateway, kind: WEBHOOK, item: member.item } as ItemRef,
      removed: member.removed,
      ...(group === undefined ? {} : { group }),
      request: () => this.viewRequest(gateway),
    };
  }

  private markOf(node: WebhookNode): ChangeMark | 'removed' | undefined {
    return node.removed ? 'removed' : node.gateway.store(WEBHOOK_CHANGES_STORE).changes().marks.get(node.item);
  }

  private webhookItem(node: WebhookNode): vscode.TreeItem {
    const hook = node.item.value;
    const underEvent = node.group !== undefined;
    const item = new vscode.TreeItem(node.label, underEvent ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    const findings = node.removed ? [] : node.gateway.store(WEBHOOK_ANALYSIS_STORE).findingsOf(node.item);
    const summary = findingsSummary(findings.filter((finding) => finding.kind !== 'contract'));
    item.description = [webhookDescription(hook), summary, node.sharedHost].filter((part) => part !== undefined).join(' · ');
    applyMark(item, node.id, this.markOf(node));
    const flagged = node.item.problems.length > 0;
    const warned = summary !== undefined;
    const active = hook.active === true;
    item.iconPath =
      flagged || warned
        ? WARNING_ICON
        : active
          ? new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'))
          : new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    item.contextValue = `pageGateway.webhook.${active ? 'active' : 'inactive'}${warned ? '.warning' : ''}${flagged ? '.flagged' : ''}${node.removed ? '.removed' : ''}`;
    item.accessibilityInformation = { label: webhookRowAccessibleLabel(webhookAccessibleLabel(node.item), summary) };
    item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
    return item;
  }
}

function identity(item: CheckedWebhook, index: number): string {
  return item.value.id === undefined ? `#${index}` : encodeSegment(item.value.id);
}

/** The list was loaded, the last refresh failed: the rows above are the last list that loaded. */
function refreshFailedRow(idPrefix: string, list: WebhookList, retry: vscode.Command, gateway: Gateway): WebhooksNode {
  const error = list.error;
  const text = error === undefined ? undefined : errorRowText(error, 'webhookSubscriptions', false);
  return {
    ...warningRow(
      `${idPrefix}/refresh-failed`,
      l10n.t("Couldn't refresh — showing the last list loaded — retry"),
      `${text?.tooltip ?? ''}\n\n${l10n.t('The subscriptions above are the ones the last successful load returned.')}`,
      retry,
    ),
    ...(text === undefined ? {} : { description: text.description }),
    contextValue: 'pageGateway.error',
    gateway,
  };
}

function eventGroupItem(node: EventGroupNode): vscode.TreeItem {
  const { group } = node;
  const item = new vscode.TreeItem(
    eventGroupLabel(group.key),
    group.members.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.id;
  item.description = eventGroupDescription(group);
  item.tooltip = new vscode.MarkdownString(eventGroupTooltip(group), true);
  const key = group.key;
  const unknown = key.kind === 'event' && !key.known;
  const noActive = key.kind === 'event' && group.active === 0;
  item.iconPath =
    unknown || key.kind === 'invalid'
      ? WARNING_ICON
      : key.kind === 'null'
        ? new vscode.ThemeIcon('question')
        : noActive
          ? new vscode.ThemeIcon('bell-slash', new vscode.ThemeColor('problemsWarningIcon.foreground'))
          : new vscode.ThemeIcon('symbol-event');
  item.contextValue = `pageGateway.byEvent.${key.kind === 'event' ? (key.known ? 'known' : 'unknown') : key.kind}${noActive ? '.noActive' : ''}`;
  item.accessibilityInformation = { label: `${eventGroupLabel(key)}, ${item.description}` };
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
  item.accessibilityInformation = { label: eventAccessibleLabel(node.event) };
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
  return events.map((event, index) => ({
    kind: 'event',
    id: `${node.id}/event/${index}`,
    gateway: node.gateway,
    webhook: node,
    event,
    ref: node.ref,
    request: node.request,
  }));
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
