/** How a webhook subscription reads in the tree. Pure. */
import * as l10n from '@vscode/l10n';
import { EVENT_KINDS, type CheckedWebhook, type WebhookSubscription } from '../../../api/model';
import { contractProblems, spoken, spokenDescription } from '../../../text/accessibleText';
import { displayText } from '../../../text/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../../../text/markdown';
import { describeTimestamp } from '../../../text/time';
import { listText } from '../../../l10n/lists';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { withoutPassword } from '../../../text/urlText';
import { findingText } from './checkText';
import type { EventGroup, EventGroupKey } from '../model/eventGroups';
import type { Finding } from '../model/webhookChecks';
import { hostWithPunycode, readableHost, shortUrl } from '../model/webhookUrl';

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
    return displayText(hook.id ?? l10n.t('(webhook without id)'));
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

/**
 * "3 events", "inactive · events not specified", "no events": the icon shows whether a subscription is active, and the
 * word is added only for the exception (inactive, or an unknown state).
 */
export function webhookDescription(hook: WebhookSubscription): string {
  const events = eventsSummary(hook.events);
  if (hook.active === true) {
    return events;
  }
  return `${hook.active === undefined ? l10n.t('active: ?') : l10n.t('inactive')} · ${events}`;
}

/** A Search result's second line: its event kinds by name (they can be searched), after "inactive" when it is. */
export function webhookSearchDetail(hook: WebhookSubscription): string {
  const events = hook.events !== null && hook.events !== undefined && hook.events.length > 0 ? hook.events.join(', ') : eventsSummary(hook.events);
  if (hook.active === true) {
    return events;
  }
  return `${hook.active === undefined ? l10n.t('active: ?') : l10n.t('inactive')} · ${events}`;
}

export function eventsSummary(events: WebhookSubscription['events']): string {
  if (events === null) {
    return l10n.t({ message: 'events not specified', comment: 'the events field of a subscription is null: the API contract does not say what it means' });
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

/** Markdown: the fields (URL without password, international host with its punycode form), then check findings. */
export function webhookTooltip(item: CheckedWebhook, now: number = Date.now(), findings: readonly Finding[] = []): string {
  const hook = item.value;
  const host = webhookHost(hook);
  const events =
    // Worded as the row words it ("events not specified"), with the value the gateway sent.
    hook.events === null
      ? l10n.t({ message: '{0} ({1})', args: [eventsSummary(null), 'null'], comment: 'how the row words a value, then the value as sent: "events not specified (null)"' })
      : hook.events === undefined
        ? undefined
        : hook.events.length === 0
          ? l10n.t({ message: '{0} ({1})', args: [eventsSummary([]), '[]'], comment: 'how the row words a value, then the value as sent: "no events ([])"' })
          : hook.events.join(', ');
  const fields = fieldLines([
    [l10n.t('ID'), hook.id],
    [l10n.t('URL'), hook.url === undefined ? undefined : withoutPassword(hook.url)],
    // Only for international names: "bücher.example (xn--bcher-kva.example)", both forms of what the label shows.
    [l10n.t('Host'), host !== undefined && readableHost(host) !== host ? hostWithPunycode(host) : undefined],
    [l10n.t('Active'), hook.active === undefined ? undefined : hook.active ? l10n.t('yes') : l10n.t('no')],
    [l10n.t('Events'), events],
    [l10n.t('Created'), hook.createdAt === undefined ? undefined : describeTimestamp(hook.createdAt, now)],
    [l10n.t('Updated'), hook.updatedAt === undefined ? undefined : describeTimestamp(hook.updatedAt, now)],
  ]);
  // The contract's problems have their own section (as before); the other findings are listed here.
  const checks = findings.filter((finding) => finding.kind !== 'contract').map((finding) => `- ${escapeMarkdown(findingText(finding).detail)}`);
  const checkSection = checks.length === 0 ? '' : `\n\n$(warning) **${escapeMarkdown(l10n.t('Checks:'))}**\n\n${checks.join('\n')}`;
  return `**${escapeMarkdown(webhookLabel(hook))}**\n\n${fields}${checkSection}${problemsSection(item.problems)}`;
}

/** An event row's label: the event kind, or what the group holds. */
export function eventGroupLabel(key: EventGroupKey): string {
  switch (key.kind) {
    case 'event':
      return displayText(key.event);
    case 'null':
      return eventsSummary(null);
    case 'empty':
      return eventsSummary([]);
    case 'invalid':
      return l10n.t('events: missing or invalid');
  }
}

/** "2 active · 1 inactive", and for an event kind nobody active receives, "· no active receiver"; "unknown kind" first when it is not in the contract. */
export function eventGroupDescription(group: EventGroup<unknown>): string {
  const parts = [
    l10n.t({ message: '{0} active', args: [formatNumber(group.active)], comment: 'a number of active subscriptions' }),
    l10n.t({ message: '{0} inactive', args: [formatNumber(group.inactive)], comment: 'a number of inactive subscriptions' }),
  ];
  if (group.key.kind === 'event' && !group.key.known) {
    parts.unshift(l10n.t('unknown kind'));
  }
  if (group.key.kind === 'event' && group.active === 0) {
    parts.push(l10n.t('no active receiver'));
  }
  return parts.join(' · ');
}

export function eventGroupTooltip(group: EventGroup<unknown>): string {
  const key = group.key;
  const counts = subscriptionCounts(group.active, group.inactive);
  const events = '`events`';
  switch (key.kind) {
    case 'event': {
      const event = `**${escapeMarkdown(key.event)}**`;
      const what = key.known
        ? l10n.t('{0}: an event kind of the API contract.', event)
        : `$(warning) ${l10n.t("{0} is not one of the six event kinds the API contract lists; the gateway sent it in a subscription's events.", event)}`;
      const nobody = group.active === 0 ? `\n\n$(bell-slash) ${l10n.t('No active subscription receives it: the gateway delivers it to nobody.')}` : '';
      return `${what}\n\n${l10n.t('Received by {0}', counts)}${nobody}`;
    }
    case 'null':
      return `${l10n.t('Subscriptions whose {0} is null: {1}', events, counts)}\n\n${l10n.t(
        'The API contract allows null but does not define what it means: they may receive every event, or none.',
      )}`;
    case 'empty':
      return `${l10n.t('Subscriptions whose {0} is an empty list: {1}', events, counts)}\n\n${l10n.t('They receive no event.')}`;
    case 'invalid':
      return `$(warning) ${l10n.t('Subscriptions whose {0} is missing or not a list (they break the API contract): {1}', events, counts)}`;
  }
}

/**
 * The Webhooks view's description: "by event" while grouped by event (the toggle's state), "3 warnings",
 * and how automatic refresh is doing when it is not fine ("auto refresh failing — retrying less often", "auto refresh
 * paused: key rejected"); gateway names when several.
 */
export function webhooksViewDescription(byEvent: boolean, warnings: number, failing: readonly string[], paused: readonly string[], several: boolean): string | undefined {
  const names = (list: readonly string[]): string => listText(list);
  const parts = [
    ...(byEvent ? [l10n.t({ message: 'by event', comment: 'the Webhooks view is grouped by event kind' })] : []),
    ...(warnings > 0 ? [warningCount(warnings)] : []),
    ...(failing.length > 0
      ? [several ? l10n.t('auto refresh failing ({0}) — retrying less often', names(failing)) : l10n.t('auto refresh failing — retrying less often')]
      : []),
    ...(paused.length > 0 ? [several ? l10n.t('auto refresh paused ({0}): key rejected', names(paused)) : l10n.t('auto refresh paused: key rejected')] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/** "3 warnings". */
function warningCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} warnings', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} warning', count),
    two: () => l10n.t({ message: '{0} warnings', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} warnings', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} warnings', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} warnings', count),
  });
}

/** "2 active and 1 inactive subscription." (the plural follows the total). */
function subscriptionCounts(active: number, inactive: number): string {
  const a = formatNumber(active);
  const i = formatNumber(inactive);
  return plural(active + inactive, {
    zero: () => l10n.t({ message: '{0} active and {1} inactive subscriptions.', args: [a, i], comment: 'plural: zero (of the total)' }),
    one: () => l10n.t({ message: '{0} active and {1} inactive subscription.', args: [a, i], comment: 'plural: one (of the total)' }),
    two: () => l10n.t({ message: '{0} active and {1} inactive subscriptions.', args: [a, i], comment: 'plural: two (of the total)' }),
    few: () => l10n.t({ message: '{0} active and {1} inactive subscriptions.', args: [a, i], comment: 'plural: few (of the total)' }),
    many: () => l10n.t({ message: '{0} active and {1} inactive subscriptions.', args: [a, i], comment: 'plural: many (of the total)' }),
    other: () => l10n.t({ message: '{0} active and {1} inactive subscriptions.', args: [a, i], comment: 'plural: other (of the total)' }),
  });
}

/** A subscription row's spoken label with its check findings ("…, warnings: plain http +1"). */
export function webhookRowAccessibleLabel(label: string, findings: string | undefined): string {
  return spoken(label, findings !== undefined && l10n.t('warnings: {0}', findings));
}

/** What a screen reader says for a subscription row: label, active or inactive (its icon), events, contract problems. */
export function webhookAccessibleLabel(item: CheckedWebhook): string {
  return spoken(
    l10n.t('Webhook subscription {0}', webhookLabel(item.value)),
    // The icon shows an active subscription; the words say it.
    item.value.active === true && l10n.t('active'),
    spokenDescription(webhookDescription(item.value)),
    contractProblems(item.problems.length),
  );
}

/** What a screen reader says for an event kind row (an unknown kind has a warning icon). */
export function eventAccessibleLabel(kind: string): string {
  return isKnownEvent(kind)
    ? l10n.t('Event {0}', displayText(kind))
    : l10n.t('Warning: unknown event kind {0}, not one of the kinds the API contract lists', displayText(kind));
}
