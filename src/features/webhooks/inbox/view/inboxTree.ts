/**
 * The Webhook Inbox view: the inbox's address (and where it forwards) on top, then the deliveries newest first, each
 * with its matched subscriptions as children (a click reveals the subscription). Filtered by event kind when asked.
 * Rows are rebuilt from the inbox's version; row ids are the delivery ids (unique in the window).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { EventKind } from '../../../../api/model';
import { formatBytes, formatNumber } from '../../../../l10n/numbers';
import { displayText } from '../../../../text/displayText';
import { ERROR_ICON, WARNING_ICON } from '../../../../views/icons';
import { escapeMarkdown } from '../../../../text/markdown';
import { WEBHOOK } from '../../webhookKind';
import type { ItemRef } from '../../../../model/resource';
import type { InboxSession, Match } from '../commands/inboxSession';
import type { Delivery } from '../model/delivery';
import { deliveryDescription, deliveryLabel, deliveryTooltip, maskedUrl, type MatchName } from './deliveryPresentation';
import { isLoopbackName } from '../model/hostCheck';

/** The Webhook Inbox view's id (package.json). */
export const INBOX_VIEW = 'pageGateway.webhookInbox';

/** The event-kind filter: a kind, or `unknown` for deliveries without one. */
export type KindFilter = EventKind | 'unknown';

export type InboxNode =
  | { readonly kind: 'address'; readonly id: string }
  | { readonly kind: 'delivery'; readonly id: string; readonly delivery: Delivery; readonly matches: readonly Match[] }
  | { readonly kind: 'match'; readonly id: string; readonly match: Match; readonly ref: ItemRef }
  | { readonly kind: 'note'; readonly id: string; readonly label: string; readonly tooltip: string; readonly icon: vscode.ThemeIcon; readonly command?: vscode.Command };

function isLoopbackHost(url: string): boolean {
  try {
    return isLoopbackName(new URL(url).hostname);
  } catch {
    return true;
  }
}

export function matchNames(matches: readonly Match[]): MatchName[] {
  return matches.map((m) => ({ gateway: m.gateway.name, id: m.subscription.value.id ?? '', active: m.active }));
}

export class InboxTree implements vscode.TreeDataProvider<InboxNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<InboxNode | undefined>();
  public readonly onDidChangeTreeData: vscode.Event<InboxNode | undefined> = this.changeEmitter.event;
  private filter: KindFilter | undefined;
  private rows: { readonly stamp: string; readonly nodes: InboxNode[] } | undefined;
  private readonly subscription: vscode.Disposable;
  private timer: ReturnType<typeof setTimeout> | undefined;

  public constructor(private readonly session: InboxSession) {
    this.subscription = session.onDidChange(() => this.refresh());
  }

  public get kindFilter(): KindFilter | undefined {
    return this.filter;
  }

  public setFilter(filter: KindFilter | undefined): void {
    this.filter = filter;
    this.refreshNow();
  }

  /** Coalesced: a burst of deliveries redraws the view a few times a second, not once per delivery. */
  public refresh(): void {
    if (this.timer === undefined) {
      this.timer = setTimeout(() => this.refreshNow(), 100);
    }
  }

  public refreshNow(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.rows = undefined;
    this.changeEmitter.fire(undefined);
  }

  /** The deliveries the view shows now (filter applied), newest first. */
  public shown(): Delivery[] {
    const filter = this.filter;
    const all = this.session.inbox.deliveries();
    return filter === undefined ? all : all.filter((d) => (d.eventKind ?? 'unknown') === filter);
  }

  public nodeOfDelivery(id: number): InboxNode | undefined {
    return this.top().find((node) => node.kind === 'delivery' && node.delivery.id === id);
  }

  public getParent(node: InboxNode): InboxNode | undefined {
    if (node.kind === 'match') {
      const id = node.id.replace(/\/s\/.*$/, '');
      return this.top().find((candidate) => candidate.id === id);
    }
    return undefined;
  }

  public getChildren(node?: InboxNode): InboxNode[] {
    if (node === undefined) {
      return this.top();
    }
    if (node.kind === 'delivery') {
      return node.matches.map((match, index) => ({
        kind: 'match',
        id: `${node.id}/s/${index}`,
        match,
        ref: { gateway: match.gateway, kind: WEBHOOK, item: match.subscription } as ItemRef,
      }));
    }
    return [];
  }

  public getTreeItem(node: InboxNode): vscode.TreeItem {
    switch (node.kind) {
      case 'address':
        return this.addressItem(node.id);
      case 'delivery':
        return this.deliveryItem(node);
      case 'match':
        return this.matchItem(node);
      case 'note': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.tooltip = new vscode.MarkdownString(node.tooltip, true);
        item.iconPath = node.icon;
        item.contextValue = 'pageGateway.inboxNote';
        item.command = node.command;
        return item;
      }
    }
  }

  private top(): InboxNode[] {
    const inbox = this.session.inbox;
    const stamp = `${inbox.version}/${this.filter ?? ''}/${this.session.listsStamp()}/${this.session.running}/${JSON.stringify(this.session.address())}`;
    if (this.rows?.stamp === stamp) {
      return this.rows.nodes;
    }
    const nodes: InboxNode[] = [{ kind: 'address', id: 'inbox/address' }, ...this.checklist()];
    const shown = this.shown();
    for (const delivery of shown) {
      nodes.push({ kind: 'delivery', id: `inbox/d/${delivery.id}`, delivery, matches: this.session.matchesOf(delivery) });
    }
    if (inbox.size === 0) {
      const url = this.session.shareableUrl();
      nodes.push({
        kind: 'note',
        id: 'inbox/empty',
        label: this.session.running ? l10n.t('No deliveries yet') : l10n.t('No deliveries'),
        tooltip: escapeMarkdown(
          url === undefined
            ? l10n.t('Start the inbox, then point a webhook subscription at its address.')
            : l10n.t('Send a request to {0}, or point a webhook subscription at it.', url),
        ),
        icon: new vscode.ThemeIcon('info'),
      });
    } else if (shown.length === 0) {
      nodes.push({
        kind: 'note',
        id: 'inbox/filtered',
        label: l10n.t('No deliveries of this event kind'),
        tooltip: escapeMarkdown(l10n.t('Clear the filter to see all {0} deliveries.', formatNumber(inbox.size))),
        icon: new vscode.ThemeIcon('filter'),
        command: { command: 'pageGateway.clearWebhookInboxFilter', title: l10n.t('Clear Filter') },
      });
    }
    if (inbox.bodiesDropped > 0) {
      nodes.push({
        kind: 'note',
        id: 'inbox/bodiesDropped',
        label: l10n.t('{0} older bodies dropped', formatNumber(inbox.bodiesDropped)),
        tooltip: escapeMarkdown(l10n.t('The inbox holds at most {0} of bodies ({1}): the oldest bodies were dropped, their rows kept.', formatBytes(inbox.budget.limit), 'pageGateway.webhookInbox.maxTotalBytes')),
        icon: new vscode.ThemeIcon('history'),
      });
    }
    if (inbox.dropped > 0) {
      nodes.push({
        kind: 'note',
        id: 'inbox/dropped',
        label: l10n.t('{0} older deliveries dropped', formatNumber(inbox.dropped)),
        tooltip: escapeMarkdown(l10n.t('The inbox keeps the last {0} deliveries ({1}).', formatNumber(inbox.capacity), 'pageGateway.webhookInbox.maxDeliveries')),
        icon: new vscode.ThemeIcon('history'),
      });
    }
    this.rows = { stamp, nodes };
    return nodes;
  }

  /**
   * While the inbox runs and is not yet reachable from outside or not yet used by a subscription: three steps a
   * first-timer follows, each ticked when done (expose the port, set the public URL, use it as a subscription URL).
   */
  private checklist(): InboxNode[] {
    const session = this.session;
    const port = session.port;
    if (port === undefined) {
      return [];
    }
    const external = session.external();
    const publicUrl = session.current.publicUrl;
    const exposed = publicUrl !== '' || (external !== undefined && !isLoopbackHost(external));
    const used = this.session.anySubscriptionPointsHere();
    if (exposed && publicUrl !== '' && used) {
      return [];
    }
    const step = (done: boolean): vscode.ThemeIcon => new vscode.ThemeIcon(done ? 'pass' : 'circle-large-outline');
    return [
      {
        kind: 'note',
        id: 'inbox/step/expose',
        label: l10n.t('1. Expose port {0} (Ports view or a tunnel)', String(port)),
        tooltip: escapeMarkdown(
          l10n.t(
            'A hosted gateway cannot reach 127.0.0.1. Forward port {0} with the editor\'s Ports view (set its visibility to Public) or run a tunnel (ngrok, cloudflared, a dev tunnel) to it. The inbox accepts only requests whose Host is this machine, the public URL or the forwarded address.',
            String(port),
          ),
        ),
        icon: step(exposed),
      },
      {
        kind: 'note',
        id: 'inbox/step/public',
        label: l10n.t('2. Set the public URL'),
        tooltip: escapeMarkdown(l10n.t('The address the tunnel or the Ports view gave, e.g. https://abc.ngrok-free.app. Click to set it.')),
        icon: step(publicUrl !== ''),
        command: { command: 'pageGateway.setWebhookInboxPublicUrl', title: l10n.t('Set Public URL…') },
      },
      {
        kind: 'note',
        id: 'inbox/step/subscribe',
        label: l10n.t('3. Use it as a subscription\'s URL'),
        tooltip: escapeMarkdown(l10n.t('Click to copy the inbox URL, then create or edit a webhook subscription on the gateway with it (and a path, e.g. /hooks).')),
        icon: step(used),
        command: { command: 'pageGateway.copyWebhookInboxUrl', title: l10n.t('Copy Inbox URL') },
      },
    ];
  }

  private addressItem(id: string): vscode.TreeItem {
    const session = this.session;
    const local = session.localUrl();
    const settings = session.current;
    if (local === undefined) {
      const item = new vscode.TreeItem(l10n.t('Stopped'), vscode.TreeItemCollapsibleState.None);
      item.id = id;
      item.description = l10n.t('Start Webhook Inbox');
      item.iconPath = new vscode.ThemeIcon('debug-stop');
      item.contextValue = 'pageGateway.inboxAddress.stopped';
      item.command = { command: 'pageGateway.startWebhookInbox', title: l10n.t('Start Webhook Inbox') };
      return item;
    }
    const item = new vscode.TreeItem(l10n.t('Listening on {0}', local.replace(/^http:\/\//, '')), vscode.TreeItemCollapsibleState.None);
    item.id = id;
    const shareable = session.shareableUrl();
    item.description = [
      shareable !== undefined && shareable !== local ? shareable : undefined,
      settings.forwardTo === '' ? undefined : l10n.t('→ {0}', displayText(settings.forwardTo, 60)),
    ]
      .filter((part): part is string => part !== undefined)
      .join(' · ');
    const lines = [
      l10n.t('The inbox listens on {0} (this machine only).', local),
      session.external() === undefined ? undefined : l10n.t('The editor forwards it as {0}.', session.external() as string),
      settings.publicUrl === '' ? l10n.t('A hosted gateway cannot reach it yet: follow the steps below.') : l10n.t('Public address: {0}', settings.publicUrl),
      settings.forwardTo === '' ? l10n.t('Deliveries are answered with 200 (no forwarding target: Set Forwarding Target…).') : l10n.t('Every delivery is forwarded to {0}.', settings.forwardTo),
      l10n.t('Click to copy the address to give the gateway.'),
    ].filter((line): line is string => line !== undefined);
    item.tooltip = new vscode.MarkdownString(lines.map(escapeMarkdown).join('\n\n'), true);
    item.iconPath = new vscode.ThemeIcon('radio-tower', new vscode.ThemeColor('testing.iconPassed'));
    item.contextValue = 'pageGateway.inboxAddress.running';
    item.command = { command: 'pageGateway.copyWebhookInboxUrl', title: l10n.t('Copy Inbox URL') };
    return item;
  }

  private deliveryItem(node: Extract<InboxNode, { kind: 'delivery' }>): vscode.TreeItem {
    const { delivery } = node;
    const names = matchNames(node.matches);
    const item = new vscode.TreeItem(deliveryLabel(delivery), node.matches.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = deliveryDescription(delivery, names, this.session.multipleGateways());
    item.tooltip = new vscode.MarkdownString(deliveryTooltip(delivery, names), true);
    const forward = delivery.forward;
    item.iconPath =
      forward?.kind === 'pending'
        ? new vscode.ThemeIcon('loading~spin')
        : forward?.kind === 'failed' || forward?.kind === 'skipped' || (forward?.kind === 'answered' && forward.status >= 500)
          ? ERROR_ICON
          : delivery.refused !== undefined || delivery.cut !== 'none' || delivery.bodyDropped === true || (forward?.kind === 'answered' && forward.status >= 400)
            ? WARNING_ICON
            : new vscode.ThemeIcon(delivery.replayOf === undefined ? 'mail' : 'debug-restart');
    item.contextValue = `pageGateway.delivery${node.matches.length > 0 ? '.matched' : ''}`;
    item.command = { command: 'pageGateway.openDelivery', title: l10n.t('Open Delivery'), arguments: [node] };
    return item;
  }

  private matchItem(node: Extract<InboxNode, { kind: 'match' }>): vscode.TreeItem {
    const hook = node.match.subscription.value;
    const item = new vscode.TreeItem(displayText(hook.id ?? l10n.t('(no id)')), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = [displayText(node.match.gateway.name, 40), node.match.active ? l10n.t('active') : l10n.t('inactive')].join(' · ');
    // The subscription's URL may carry a password (https://user:secret@…): never shown.
    item.tooltip = new vscode.MarkdownString(escapeMarkdown(l10n.t('Subscription {0} on {1}: {2}. Click to reveal it in the Webhook Subscriptions view.', hook.id ?? '', node.match.gateway.name, maskedUrl(hook.url ?? ''))), true);
    item.iconPath = new vscode.ThemeIcon('plug');
    item.contextValue = 'pageGateway.inboxMatch';
    item.command = { command: 'pageGateway.revealItem', title: l10n.t('Reveal in Tree'), arguments: [node] };
    return item;
  }

  public dispose(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
