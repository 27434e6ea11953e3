/** How a webhook subscription reads in the tree. Pure. */
import { EVENT_KINDS, type CheckedWebhook, type WebhookSubscription } from '../../api/model';
import { contractProblems, spoken, spokenDescription } from '../common/accessibleText';
import { displayText } from '../common/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../common/markdown';
import { describeTimestamp } from '../common/time';
import { withoutPassword } from '../common/urlText';
import { findingText } from './checkText';
import type { EventGroup, EventGroupKey } from './eventGroups';
import type { Finding } from './webhookChecks';
import { hostWithPunycode, readableHost, shortUrl } from './webhookUrl';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isKnownEvent(kind: string): boolean {
  return KNOWN_EVENTS.has(kind);
}

/**
 * Host (international names in their own letters), path and query of the URL (the full URL is in the tooltip); the
 * text itself when it is not a URL. Never a password.
 */
export function webhookLabel(hook: WebhookSubscription): string {
  if (hook.url === undefined) {
    return displayText(hook.id ?? '(webhook without id)');
  }
  return displayText(shortUrl(hook.url) ?? withoutPassword(hook.url));
}

/** The host name of the URL as the parser gives it (punycode for international names); undefined when it is not a URL. */
export function webhookHost(hook: WebhookSubscription): string | undefined {
  try {
    return hook.url === undefined ? undefined : new URL(hook.url).hostname;
  } catch {
    return undefined;
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

/** Markdown: the fields (URL without password, international host with its punycode form), then check findings. */
export function webhookTooltip(item: CheckedWebhook, now: number = Date.now(), findings: readonly Finding[] = []): string {
  const hook = item.value;
  const host = webhookHost(hook);
  const events =
    hook.events === null ? 'null' : hook.events === undefined ? undefined : hook.events.length === 0 ? '(empty list)' : hook.events.join(', ');
  const fields = fieldLines([
    ['ID', hook.id],
    ['URL', hook.url === undefined ? undefined : withoutPassword(hook.url)],
    // Only for international names: "bücher.example (xn--bcher-kva.example)", both forms of what the label shows.
    ['Host', host !== undefined && readableHost(host) !== host ? hostWithPunycode(host) : undefined],
    ['Active', hook.active === undefined ? undefined : hook.active ? 'yes' : 'no'],
    ['Events', events],
    ['Created', hook.createdAt === undefined ? undefined : describeTimestamp(hook.createdAt, now)],
    ['Updated', hook.updatedAt === undefined ? undefined : describeTimestamp(hook.updatedAt, now)],
  ]);
  // The contract's problems have their own section (as before); the other findings are listed here.
  const checks = findings.filter((finding) => finding.kind !== 'contract').map((finding) => `- ${escapeMarkdown(findingText(finding).detail)}`);
  const checkSection = checks.length === 0 ? '' : `\n\n$(warning) **Checks:**\n\n${checks.join('\n')}`;
  return `**${escapeMarkdown(webhookLabel(hook))}**\n\n${fields}${checkSection}${problemsSection(item.problems)}`;
}

/** An event row's label: the event kind, or what the group holds. */
export function eventGroupLabel(key: EventGroupKey): string {
  switch (key.kind) {
    case 'event':
      return displayText(key.event);
    case 'null':
      return 'events: null';
    case 'invalid':
      return 'events: missing or invalid';
  }
}

/** "2 active · 1 inactive", and for an event kind nobody active receives, "· no active receiver"; "unknown kind" first when it is not in the contract. */
export function eventGroupDescription(group: EventGroup<unknown>): string {
  const parts = [`${group.active} active`, `${group.inactive} inactive`];
  if (group.key.kind === 'event' && !group.key.known) {
    parts.unshift('unknown kind');
  }
  if (group.key.kind === 'event' && group.active === 0) {
    parts.push('no active receiver');
  }
  return parts.join(' · ');
}

export function eventGroupTooltip(group: EventGroup<unknown>): string {
  const key = group.key;
  const counts = `${group.active} active and ${group.inactive} inactive ${group.active + group.inactive === 1 ? 'subscription' : 'subscriptions'}.`;
  switch (key.kind) {
    case 'event': {
      const what = key.known
        ? `**${escapeMarkdown(key.event)}**: an event kind of the API contract.`
        : `$(warning) **${escapeMarkdown(key.event)}** is not one of the six event kinds the API contract lists; the gateway sent it in a subscription's events.`;
      const nobody = group.active === 0 ? '\n\n$(bell-slash) No active subscription receives it: the gateway delivers it to nobody.' : '';
      return `${what}\n\nReceived by ${counts}${nobody}`;
    }
    case 'null':
      return `Subscriptions whose \`events\` is null: ${counts}\n\nThe API contract allows null but does not define what it means: they may receive every event, or none.`;
    case 'invalid':
      return `$(warning) Subscriptions whose \`events\` is missing or not a list (they break the API contract): ${counts}`;
  }
}

/**
 * The Webhook Subscriptions view's description: "3 warnings", and how automatic refresh is doing when it is not fine
 * ("auto refresh failing — retrying less often", "auto refresh paused: key rejected"); gateway names when several.
 */
export function webhooksViewDescription(warnings: number, failing: readonly string[], paused: readonly string[], several: boolean): string | undefined {
  const names = (list: readonly string[]): string => (several ? ` (${list.join(', ')})` : '');
  const parts = [
    ...(warnings > 0 ? [`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`] : []),
    ...(failing.length > 0 ? [`auto refresh failing${names(failing)} — retrying less often`] : []),
    ...(paused.length > 0 ? [`auto refresh paused${names(paused)}: key rejected`] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/** What a screen reader says for a subscription row: label, active or inactive (its icon), events, contract problems. */
export function webhookAccessibleLabel(item: CheckedWebhook): string {
  return spoken(`Webhook subscription ${webhookLabel(item.value)}`, spokenDescription(webhookDescription(item.value)), contractProblems(item.problems.length));
}

/** What a screen reader says for an event kind row (an unknown kind has a warning icon). */
export function eventAccessibleLabel(kind: string): string {
  return isKnownEvent(kind) ? `Event ${displayText(kind)}` : `Warning: unknown event kind ${displayText(kind)}, not one of the kinds the API contract lists`;
}
