/** How a webhook subscription reads in the tree. Pure. */
import * as l10n from '@vscode/l10n';
import { EVENT_KINDS, type CheckedWebhook, type WebhookSubscription } from '../../api/model';
import { displayText } from '../common/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../common/markdown';
import { describeTimestamp } from '../common/time';
import { formatNumber } from '../../l10n/numbers';
import { plural } from '../../l10n/plural';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isKnownEvent(kind: string): boolean {
  return KNOWN_EVENTS.has(kind);
}

/** Host and path of the URL (the full URL is in the tooltip); the raw text when it is not a URL. */
export function webhookLabel(hook: WebhookSubscription): string {
  if (hook.url === undefined) {
    return displayText(hook.id ?? l10n.t('(webhook without id)'));
  }
  try {
    const url = new URL(hook.url);
    const path = url.pathname === '/' ? '' : url.pathname;
    return displayText(`${url.host}${path}${url.search}`);
  } catch {
    return displayText(hook.url);
  }
}

/** "active · 3 events", "inactive · events: null", "active · no events". */
export function webhookDescription(hook: WebhookSubscription): string {
  const state = hook.active === undefined ? l10n.t('active: ?') : hook.active ? l10n.t('active') : l10n.t('inactive');
  return `${state} · ${eventsSummary(hook.events)}`;
}

export function eventsSummary(events: WebhookSubscription['events']): string {
  if (events === null) {
    return l10n.t({ message: 'events: {0}', args: ['null'], comment: 'the events field of a subscription is JSON null' });
  }
  if (events === undefined) {
    return l10n.t('events missing');
  }
  if (events.length === 0) {
    return l10n.t('no events');
  }
  return eventCount(events.length);
}

/** "1 event", "3 events". */
export function eventCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} events', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} event', count),
    two: () => l10n.t({ message: '{0} events', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} events', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} events', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} events', count),
  });
}

export function webhookTooltip(item: CheckedWebhook, now: number = Date.now()): string {
  const hook = item.value;
  const events =
    hook.events === null ? 'null' : hook.events === undefined ? undefined : hook.events.length === 0 ? l10n.t('(empty list)') : hook.events.join(', ');
  const fields = fieldLines([
    [l10n.t('ID'), hook.id],
    [l10n.t('URL'), hook.url],
    [l10n.t('Active'), hook.active === undefined ? undefined : hook.active ? l10n.t('yes') : l10n.t('no')],
    [l10n.t('Events'), events],
    [l10n.t('Created'), hook.createdAt === undefined ? undefined : describeTimestamp(hook.createdAt, now)],
    [l10n.t('Updated'), hook.updatedAt === undefined ? undefined : describeTimestamp(hook.updatedAt, now)],
  ]);
  return `**${escapeMarkdown(webhookLabel(hook))}**\n\n${fields}${problemsSection(item.problems)}`;
}
