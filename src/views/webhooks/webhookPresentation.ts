/** How a webhook subscription reads in the tree. Pure. */
import { EVENT_KINDS, type CheckedWebhook, type WebhookSubscription } from '../../api/model';
import { displayText } from '../common/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../common/markdown';
import { describeTimestamp } from '../common/time';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isKnownEvent(kind: string): boolean {
  return KNOWN_EVENTS.has(kind);
}

/** Host and path of the URL (the full URL is in the tooltip); the raw text when it is not a URL. */
export function webhookLabel(hook: WebhookSubscription): string {
  if (hook.url === undefined) {
    return displayText(hook.id ?? '(webhook without id)');
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
  const state = hook.active === undefined ? 'active: ?' : hook.active ? 'active' : 'inactive';
  return `${state} · ${eventsSummary(hook.events)}`;
}

export function eventsSummary(events: WebhookSubscription['events']): string {
  if (events === null) {
    return 'events: null';
  }
  if (events === undefined) {
    return 'events missing';
  }
  if (events.length === 0) {
    return 'no events';
  }
  return `${events.length} ${events.length === 1 ? 'event' : 'events'}`;
}

export function webhookTooltip(item: CheckedWebhook, now: number = Date.now()): string {
  const hook = item.value;
  const events =
    hook.events === null ? 'null' : hook.events === undefined ? undefined : hook.events.length === 0 ? '(empty list)' : hook.events.join(', ');
  const fields = fieldLines([
    ['ID', hook.id],
    ['URL', hook.url],
    ['Active', hook.active === undefined ? undefined : hook.active ? 'yes' : 'no'],
    ['Events', events],
    ['Created', hook.createdAt === undefined ? undefined : describeTimestamp(hook.createdAt, now)],
    ['Updated', hook.updatedAt === undefined ? undefined : describeTimestamp(hook.updatedAt, now)],
  ]);
  return `**${escapeMarkdown(webhookLabel(hook))}**\n\n${fields}${problemsSection(item.problems)}`;
}
