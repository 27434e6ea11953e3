/**
 * A hover on a string literal that is an event kind (`'form.submitted'`, `"page.version.published"`), in any file:
 * which loaded subscriptions receive it, per gateway, active and inactive, with their hosts and links that reveal them
 * in the Webhooks view. Only the contract's six kinds, and unknown kinds a loaded list holds; never a
 * request: what is not loaded is not shown.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedWebhook } from '../../../api/model';
import { commandLink, itemAddress } from '../../../model/itemArgs';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import type { ItemRef } from '../../../model/resource';
import { formatNumber } from '../../../l10n/numbers';
import { escapeMarkdown } from '../../../text/markdown';
import { EventIndex, type EventEntry, type Receivers } from '../model/eventIndex';
import { WEBHOOK, WEBHOOKS_STORE } from '../webhookKind';
import { webhookNaming, type WebhookNaming } from '../text/webhookNaming';

/** A quoted string on one line: event kinds are letters, digits, dots, underscores and dashes. */
const QUOTED = /(["'`])[A-Za-z0-9_.-]{1,120}\1/;
const REVEAL = 'pageGateway.revealItem';
/** Subscriptions listed per gateway and state before "… and N more". */
const MAX_LISTED = 10;

export class EventHoverProvider implements vscode.HoverProvider {
  public constructor(
    private readonly registry: GatewayRegistry,
    private readonly index: EventIndex<Gateway>,
  ) {}

  public provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const range = document.getWordRangeAtPosition(position, QUOTED);
    if (range === undefined) {
      return undefined;
    }
    const entry = this.index.lookup(document.getText(range).slice(1, -1));
    if (entry === undefined) {
      return undefined;
    }
    const markdown = new vscode.MarkdownString(hoverText(entry, this.index.gatewaysLoaded, this.registry.gateways().length > 1), true);
    markdown.isTrusted = { enabledCommands: [REVEAL] };
    return new vscode.Hover(markdown, range);
  }
}

/** The index over every gateway's loaded list; it rebuilds after any list changed. */
export function loadedWebhookIndex(registry: GatewayRegistry): EventIndex<Gateway> {
  return new EventIndex<Gateway>(() =>
    registry.gateways().flatMap((gateway) => {
      const list = gateway.existingStore(WEBHOOKS_STORE);
      return list?.loaded ? [{ gateway, items: list.items }] : [];
    }),
  );
}

function hoverText(entry: EventEntry<Gateway>, gatewaysLoaded: number, several: boolean): string {
  const event = `**${escapeMarkdown(entry.event)}**`;
  const title = entry.known
    ? l10n.t('{0} — webhook event kind', event)
    : `$(warning) ${l10n.t('{0} — not an event kind of the API contract, but a loaded subscription lists it', event)}`;
  if (gatewaysLoaded === 0) {
    return `${title}\n\n${l10n.t('No webhook subscriptions are loaded in this window. Open the Webhooks view to see who receives it.')}`;
  }
  if (entry.receivers.length === 0) {
    return `${title}\n\n$(bell-slash) ${l10n.t('No loaded subscription receives it.')}`;
  }
  const sections = entry.receivers.map((receivers) => gatewaySection(receivers, several));
  const none = entry.receivers.every((r) => r.active.length === 0) ? `\n\n$(bell-slash) ${l10n.t('No active subscription receives it.')}` : '';
  return `${title}${none}\n\n${sections.join('\n\n')}`;
}

function gatewaySection(receivers: Receivers<Gateway>, several: boolean): string {
  const { gateway, active, inactive } = receivers;
  const counts = l10n.t({
    message: '{0} active · {1} inactive',
    args: [formatNumber(active.length), formatNumber(inactive.length)],
    comment: 'how many active and inactive subscriptions receive an event kind',
  });
  // Named as the rows are: by what tells them apart in the gateway's list, the host they share said once.
  const naming = webhookNaming(gateway.existingStore(WEBHOOKS_STORE)?.items.map((item) => item.value) ?? []);
  const shared = naming.sharedHost === undefined ? '' : ` · ${escapeMarkdown(l10n.t({ message: 'all on {0}', args: [naming.sharedHost], comment: 'the host every subscription URL shares' }))}`;
  const heading = `${several ? `**${escapeMarkdown(gateway.name)}**: ${counts}` : counts}${shared}`;
  return [heading, ...lines(gateway, active, 'active', naming), ...lines(gateway, inactive, 'inactive', naming)].join('\n');
}

function lines(gateway: Gateway, items: readonly CheckedWebhook[], state: 'active' | 'inactive', naming: WebhookNaming): string[] {
  const icon = state === 'active' ? '$(pass-filled)' : '$(circle-slash)';
  const shown = items.slice(0, MAX_LISTED).map((item) => {
    const label = escapeMarkdown(naming.label(item.value));
    const address = itemAddress({ gateway, kind: WEBHOOK, item } as ItemRef);
    const linkTitle = l10n.t('Reveal in the Webhooks view').replace(/["\\]/g, '');
    const name = address === undefined ? label : `[${label}](${commandLink(REVEAL, address)} "${linkTitle}")`;
    const stateWord = state === 'active' ? l10n.t('active') : l10n.t('inactive');
    return `- ${icon} ${name} ${stateWord}${item.value.id === undefined ? '' : ` · ${escapeMarkdown(item.value.id)}`}`;
  });
  if (items.length <= MAX_LISTED) {
    return shown;
  }
  const more = formatNumber(items.length - MAX_LISTED);
  return [...shown, `- ${escapeMarkdown(state === 'active' ? l10n.t('… and {0} more active', more) : l10n.t('… and {0} more inactive', more))}`];
}
