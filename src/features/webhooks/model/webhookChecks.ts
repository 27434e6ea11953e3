/**
 * Checks on webhook subscriptions, as facts (the words are in checkText.ts). One function per check; `runChecks` runs
 * them all over a list in time linear in the number of subscriptions (and of their events). Pure: no `vscode`.
 */
import type { CheckedWebhook, ItemProblem, WebhookSubscription } from '../../../api/model';
import { classifyHost, isLocalPlace, type HostPlace } from './targetHost';

export type Finding =
  /** The URL is `http://`: the payload travels unencrypted. */
  | { readonly kind: 'plainHttp' }
  /** The URL is not an absolute http(s) URL (`reason` says how). */
  | { readonly kind: 'notHttpUrl'; readonly reason: 'unparsable' | 'scheme'; readonly scheme?: string }
  /** The URL points at this machine, a local network or a tunnel, while the gateway is elsewhere. */
  | { readonly kind: 'localTarget'; readonly host: string; readonly place: Exclude<HostPlace, { kind: 'public' }> }
  /**
   * Another active subscription has the same URL and receives some of the same events: the endpoint gets each of
   * those events more than once. `events` lists them with how many active subscriptions of this URL receive each;
   * `others` holds the ids ('' for one without an id) of up to MAX_OTHERS of the other subscriptions that share an event with it; `sameUrl` is
   * how many other active subscriptions (with events) have this URL.
   */
  | {
      readonly kind: 'duplicateDelivery';
      readonly events: ReadonlyArray<{ readonly event: string; readonly receivers: number }>;
      readonly others: readonly string[];
      readonly sameUrl: number;
    }
  /** Active, but `events` is an empty list: it receives nothing. */
  | { readonly kind: 'activeNoEvents' }
  /** `updatedAt` is before `createdAt`. */
  | { readonly kind: 'updatedBeforeCreated'; readonly createdAt: string; readonly updatedAt: string }
  /** The item breaks the API contract (off-pattern timestamps, unknown event kinds, …): the parser's problems. */
  | { readonly kind: 'contract'; readonly problems: readonly ItemProblem[] }
  /** Inactive, yet the Webhook Inbox received deliveries for its URL: these event kinds (unknown ones left out). */
  | { readonly kind: 'deliveredWhileInactive'; readonly events: readonly string[] };

export type FindingKind = Finding['kind'];

export const MAX_OTHERS = 3;

/** What the gateway is: a target on this machine or a local network is expected when the gateway is local too. */
export interface CheckContext {
  /** The gateway's host (as in its base URL). */
  readonly gatewayHost: string;
}

function parsedUrl(hook: WebhookSubscription): URL | undefined {
  if (hook.url === undefined) {
    return undefined;
  }
  try {
    return new URL(hook.url);
  } catch {
    return undefined;
  }
}

export function checkPlainHttp(hook: WebhookSubscription): Finding | undefined {
  return parsedUrl(hook)?.protocol === 'http:' ? { kind: 'plainHttp' } : undefined;
}

/** A missing URL is the contract check's business; here only a URL that is there and unusable. */
export function checkHttpUrl(hook: WebhookSubscription): Finding | undefined {
  if (hook.url === undefined) {
    return undefined;
  }
  const url = parsedUrl(hook);
  if (url === undefined || !/^[a-z][a-z0-9+.-]*:/i.test(hook.url)) {
    return { kind: 'notHttpUrl', reason: 'unparsable' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'notHttpUrl', reason: 'scheme', scheme: url.protocol.replace(/:$/, '') };
  }
  // "https:host/path" parses, but is not written as an absolute URL.
  return /^https?:\/\//i.test(hook.url.trim()) ? undefined : { kind: 'notHttpUrl', reason: 'unparsable' };
}

export function checkLocalTarget(hook: WebhookSubscription, context: CheckContext): Finding | undefined {
  const url = parsedUrl(hook);
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || isLocalPlace(classifyHost(context.gatewayHost))) {
    return undefined;
  }
  const place = classifyHost(url.hostname);
  return place.kind === 'public' ? undefined : { kind: 'localTarget', host: url.hostname, place };
}

/**
 * Active with an empty event list. `events: null` is no finding: the contract allows it without saying what it means,
 * so there is nothing the user could fix (the rows say "events not specified").
 */
export function checkActiveWithoutEvents(hook: WebhookSubscription): Finding | undefined {
  if (hook.active !== true) {
    return undefined;
  }
  return Array.isArray(hook.events) && hook.events.length === 0 ? { kind: 'activeNoEvents' } : undefined;
}

export function checkTimestampOrder(hook: WebhookSubscription): Finding | undefined {
  if (hook.createdAt === undefined || hook.updatedAt === undefined) {
    return undefined;
  }
  const created = Date.parse(hook.createdAt);
  const updated = Date.parse(hook.updatedAt);
  return Number.isFinite(created) && Number.isFinite(updated) && updated < created
    ? { kind: 'updatedBeforeCreated', createdAt: hook.createdAt, updatedAt: hook.updatedAt }
    : undefined;
}

export function checkContract(item: CheckedWebhook): Finding | undefined {
  return item.problems.length > 0 ? { kind: 'contract', problems: item.problems } : undefined;
}

/** The URL two subscriptions are compared by: the parser's form (scheme and host case, default port), else the text. */
export function deliveryKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * Duplicate deliveries over a whole list: active subscriptions grouped by URL (a Map), then, inside each URL, by
 * event. Linear in the number of subscriptions and events. `events: null` takes part in no overlap: the contract does
 * not say what it means.
 */
export function checkDuplicateDeliveries(items: readonly CheckedWebhook[]): Map<CheckedWebhook, Finding> {
  const byUrl = new Map<string, CheckedWebhook[]>();
  for (const item of items) {
    const { url, active, events } = item.value;
    if (active === true && url !== undefined && Array.isArray(events) && events.length > 0) {
      const key = deliveryKey(url);
      const list = byUrl.get(key);
      if (list === undefined) {
        byUrl.set(key, [item]);
      } else {
        list.push(item);
      }
    }
  }
  const findings = new Map<CheckedWebhook, Finding>();
  for (const group of byUrl.values()) {
    if (group.length < 2) {
      continue;
    }
    const receivers = new Map<string, CheckedWebhook[]>();
    for (const item of group) {
      for (const event of new Set(item.value.events)) {
        const list = receivers.get(event);
        if (list === undefined) {
          receivers.set(event, [item]);
        } else {
          list.push(item);
        }
      }
    }
    const shared = new Map<CheckedWebhook, { events: Array<{ event: string; receivers: number }>; others: Set<CheckedWebhook> }>();
    for (const [event, list] of receivers) {
      if (list.length < 2) {
        continue;
      }
      for (const item of list) {
        let entry = shared.get(item);
        if (entry === undefined) {
          entry = { events: [], others: new Set() };
          shared.set(item, entry);
        }
        entry.events.push({ event, receivers: list.length });
        // A few names are enough to find the others; the count says how many subscriptions share this URL.
        for (let i = 0; i < list.length && entry.others.size < MAX_OTHERS; i += 1) {
          const other = list[i] as CheckedWebhook;
          if (other !== item) {
            entry.others.add(other);
          }
        }
      }
    }
    for (const [item, entry] of shared) {
      findings.set(item, {
        kind: 'duplicateDelivery',
        events: entry.events,
        others: [...entry.others].map((other) => other.value.id ?? ''),
        sameUrl: group.length - 1,
      });
    }
  }
  return findings;
}


/** Every check on every subscription of one gateway's list; subscriptions without findings are absent. */
export function runChecks(items: readonly CheckedWebhook[], context: CheckContext): Map<CheckedWebhook, readonly Finding[]> {
  const duplicates = checkDuplicateDeliveries(items);
  const result = new Map<CheckedWebhook, readonly Finding[]>();
  for (const item of items) {
    const hook = item.value;
    const findings = [
      checkHttpUrl(hook),
      checkPlainHttp(hook),
      checkLocalTarget(hook, context),
      duplicates.get(item),
      checkActiveWithoutEvents(hook),
      checkTimestampOrder(hook),
      checkContract(item),
    ].filter((finding): finding is Finding => finding !== undefined);
    if (findings.length > 0) {
      result.set(item, findings);
    }
  }
  return result;
}
