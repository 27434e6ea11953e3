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
import type { CheckedWebhook } from '../../../api/model';
import type { Settings, WebhookGrouping } from '../../../config/settings';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import type { ItemRef } from '../../../model/resource';
import { encodeSegment } from '../../../util/segment';
import type { ApiRequest } from '../../../api/apiRequest';
import { applyMark } from '../../../views/changeDecorations';
import { changeSection } from '../../../views/changePresentation';
import { GatewayTree, type BaseNode, type TreeNode } from '../../../views/gatewayTree';
import { displayText, visibleText } from '../../../text/displayText';
import { WARNING_ICON } from '../../../views/icons';
import { rowContextValue, type RowCapability } from '../../../views/rowCapabilities';
import type { ChangeMark } from '../../../model/itemChanges';
import { infoRow, warningRow, type MessageNode } from '../../../views/messageRows';
import { listRows, type AroundRows } from '../../../views/listRows';
import type { ExportPlan } from '../../../model/exportPlan';
import { findingsSummary } from '../text/checkText';
import { eventGroupId, groupByEvent, type EventGroup } from '../model/eventGroups';
import type { WebhookAnalysis } from '../model/webhookAnalysis';
import type { StoreFactory } from '../../../gateway/gateway';
import { WEBHOOK_CHANGES_STORE } from '../model/webhookChanges';
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
} from '../text/webhookPresentation';
import { webhookNaming, type WebhookNaming } from '../text/webhookNaming';
import { EVENTS_WORDS, emptyListTooltip, notShownText, repeatedText, repeatedTooltip, truncatedTooltip } from '../text/webhookRowText';
import { webhookListRequest } from '../model/webhooksList';
import { WEBHOOK, WEBHOOKS_STORE, type WebhookList } from '../webhookKind';

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
  /** A few words another feature adds to a subscription row's description (e.g. "→ Webhook Inbox"). */
  private rowNote: ((gateway: Gateway, item: CheckedWebhook) => string | undefined) | undefined;

  public constructor(
    registry: GatewayRegistry,
    private readonly settings: () => Settings,
    /** The checks' store (its findings from the inbox included). */
    private readonly analysis: StoreFactory<WebhookAnalysis>,
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

  /**
   * Sets the note subscription rows show after their description (undefined: none). Rows drawn from now on show it;
   * the caller calls `refreshRoot` when rows already drawn must change.
   */
  public setRowNote(note: ((gateway: Gateway, item: CheckedWebhook) => string | undefined) | undefined): void {
    this.rowNote = note;
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

  protected override gatewayCapabilities(): readonly RowCapability[] {
    return ['curl', 'export', 'search'];
  }

  protected override async gatewayExport(gateway: Gateway, several: boolean): Promise<ExportPlan> {
    return (await import('../webhookExportPlans.js')).webhookPlan(gateway, several);
  }

  /** Findings of the loaded lists of every gateway, in all. */
  public warningCount(): number {
    return this.registry.gateways().reduce((sum, gateway) => sum + (gateway.existingStore(WEBHOOKS_STORE)?.loaded ? gateway.store(this.analysis).count() : 0), 0);
  }

  public nodeFor(ref: ItemRef): WebhooksNode | undefined {
    if (ref.kind !== WEBHOOK || ref.gateway.existingStore(WEBHOOKS_STORE) === undefined) {
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
      const findings = node.removed ? [] : node.gateway.store(this.analysis).findingsOf(node.item);
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
    // The gateway's row, so that the generic Refresh knows the list it belongs to.
    const retry: vscode.Command = { command: 'pageGateway.refresh', title: l10n.t('Retry'), arguments: [this.gatewayNode(gateway)] };
    const children = new Map<string, WebhookNode[]>();
    const rowOf = new Map<CheckedWebhook, WebhookNode>();
    const notes: MessageNode[] = [];
    if (list.truncated) {
      const { kept, total } = list.truncated;
      notes.push(
        warningRow(
          `${idPrefix}/truncated`,
          notShownText(total - kept),
          truncatedTooltip(total, kept),
        ),
      );
    }
    if (list.duplicatesDropped > 0) {
      notes.push(
        warningRow(
          `${idPrefix}/duplicates`,
          repeatedText(list.duplicatesDropped),
          repeatedTooltip(),
        ),
      );
    }
    const around: AroundRows<WebhooksNode> = {
      idPrefix,
      gateway,
      words: WEBHOOK.words,
      retry,
      top: true,
      notes,
      empty: { label: WEBHOOK.words.none(), tooltip: emptyListTooltip() },
    };
    if (list.error?.kind === 'unauthorized') {
      // No rows of a list the gateway no longer shows with this key: nothing to reveal either.
      return { stamp, top: listRows<WebhooksNode>([], list, around), children, rowOf };
    }
    const { removed } = gateway.store(WEBHOOK_CHANGES_STORE).changes();
    const members: Member[] = [...list.items.map((item) => ({ item, removed: false })), ...removed.map((item) => ({ item, removed: true }))];
    const naming = webhookNaming(members.map((member) => member.item.value));
    const top: WebhooksNode[] = [];
    if (grouping === 'event' && list.loaded) {
      // Event rows count receivers: drawn only from a list that answered. A list that never loaded (it failed) shows
      // its error row alone, never six event kinds with "0 active · no active receiver".
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
    return { stamp, top: listRows<WebhooksNode>(top, list, around), children, rowOf };
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
      // The contract lists subscriptions whole: the request is the list's, picking this one out when it has an id.
      request: () => {
        const list = this.viewRequest(gateway);
        const id = member.item.value.id;
        return list === undefined || id === undefined ? list : { ...list, select: { field: 'id', value: id } };
      },
    };
  }

  private markOf(node: WebhookNode): ChangeMark | 'removed' | undefined {
    return node.removed ? 'removed' : node.gateway.store(WEBHOOK_CHANGES_STORE).changes().markOf(node.item);
  }

  private webhookItem(node: WebhookNode): vscode.TreeItem {
    const hook = node.item.value;
    const underEvent = node.group !== undefined;
    const item = new vscode.TreeItem(node.label, underEvent ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    const findings = node.removed ? [] : node.gateway.store(this.analysis).findingsOf(node.item);
    const summary = findingsSummary(findings.filter((finding) => finding.kind !== 'contract'));
    const note = node.removed ? undefined : this.rowNote?.(node.gateway, node.item);
    item.description = [webhookDescription(hook), summary, node.sharedHost, note].filter((part) => part !== undefined).join(' · ');
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
    item.contextValue = rowContextValue(`webhook.${active ? 'active' : 'inactive'}${warned ? '.warning' : ''}${flagged ? '.flagged' : ''}${node.removed ? '.removed' : ''}`, ['item', 'url', node.request !== undefined && 'curl']);
    item.accessibilityInformation = { label: webhookRowAccessibleLabel(webhookAccessibleLabel(node.item), summary) };
    item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
    return item;
  }
}

function identity(item: CheckedWebhook, index: number): string {
  return item.value.id === undefined ? `#${index}` : encodeSegment(item.value.id);
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
  item.contextValue = rowContextValue(`byEvent.${key.kind === 'event' ? (key.known ? 'known' : 'unknown') : key.kind}${noActive ? '.noActive' : ''}`, [node.request !== undefined && 'curl']);
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
  item.contextValue = rowContextValue(`event${known ? '' : '.unknown'}`, ['json', node.request !== undefined && 'curl']);
  item.accessibilityInformation = { label: eventAccessibleLabel(node.event) };
  return item;
}

function eventChildren(node: WebhookNode): WebhooksNode[] {
  const events = node.item.value.events;
  if (events === null) {
    return [infoRow(`${node.id}/events-null`, eventsSummary(null), EVENTS_WORDS.nullTooltip())];
  }
  if (events === undefined) {
    return [warningRow(`${node.id}/events-missing`, EVENTS_WORDS.missing(), EVENTS_WORDS.missingTooltip())];
  }
  if (events.length === 0) {
    return [infoRow(`${node.id}/events-empty`, EVENTS_WORDS.none(), EVENTS_WORDS.noneTooltip())];
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
