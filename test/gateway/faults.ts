/**
 * Fault rules of the sample gateway: which requests they match, what they do, and the book that picks the rule for
 * a request. Rules are tried in the order they were added; the first rule that matches and is active shapes the
 * response (one fault per request). A rule with `skip: N` lets its first N matching requests through untouched
 * (they go on to the next rules); with `times: N` it then applies to N matching requests and expires.
 */

/**
 * A fault rule. For the kinds `status` and `redirect`, `status` is the HTTP status to answer with (the brief's plain
 * `FaultMatch & FaultEffect` would make it `never`); use `statusFilter` to limit those rules to a status filter.
 */
export type FaultRule =
  | (FaultMatch & Exclude<FaultEffect, { kind: 'status' } | { kind: 'redirect' }>)
  | (Omit<FaultMatch, 'status'> & Extract<FaultEffect, { kind: 'status' } | { kind: 'redirect' }>);

export interface FaultMatch {
  /** Default: both. */
  path?: 'page_groups' | 'webhook_subscriptions';
  /** Only page_groups requests with this status filter (null = unfiltered); default any. */
  status?: string | null;
  /** Same as `status` (both must hold when both are given); the only status filter for `status`/`redirect` rules. */
  statusFilter?: string | null;
  /** true: only requests that carry a cursor (pages after the first); false: only first pages. */
  withCursor?: boolean;
  /** Let the first N matching requests through untouched. */
  skip?: number;
  /** Then apply to N matching requests and expire; default: forever (until clearFaults). */
  times?: number;
}

export type WebhookVariant = 'offsetTimestamps' | 'boundaryTimestamps' | 'unknownEvents' | 'nullEvents' | 'lowercaseZ';

export type FaultEffect =
  | { kind: 'delay'; ms: number }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'rateLimit'; retryAfterSeconds?: number; retryAfterDate?: boolean }
  | { kind: 'malformedJson' }
  | { kind: 'repeatCursor' }
  | { kind: 'hasMoreWithoutCursor' }
  | { kind: 'badItems' }
  | { kind: 'body'; body: string; contentType?: string }
  | { kind: 'reset' }
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 307 | 308 }
  | { kind: 'hugeBody'; bytes: number }
  | { kind: 'webhookVariant'; variant: WebhookVariant }
  /**
   * A list that never ends: every page_groups page holds `limit` page groups never sent before and says `hasMore: true`
   * with a new cursor. `noIds`: the page groups have no `pageGroupId` (never recognised as repeats); `newStatuses`: each
   * has a status of its own (`status-<n>`) instead of the requested one (or `published`).
   */
  | { kind: 'endless'; noIds?: boolean; newStatuses?: boolean };

export type FaultKind = FaultRule['kind'];

/** What the book needs to know about a request to match rules. */
export interface FaultTarget {
  readonly path: 'page_groups' | 'webhook_subscriptions';
  /** The status filter of a page_groups request; undefined when unfiltered (and for webhooks). */
  readonly status: string | undefined;
  readonly hasCursor: boolean;
}

interface ActiveRule {
  readonly rule: FaultRule;
  /** Matching requests seen so far (skipped ones included). */
  matched: number;
}

export class FaultBook {
  private rules: ActiveRule[] = [];

  public add(rule: FaultRule): void {
    this.rules.push({ rule: { ...rule }, matched: 0 });
  }

  public clear(): void {
    this.rules = [];
  }

  public get size(): number {
    return this.rules.length;
  }

  /** The rule that shapes this request, if any; counts the request against every rule it reached. */
  public take(target: FaultTarget): FaultRule | undefined {
    for (const active of this.rules) {
      if (!matches(active.rule, target)) {
        continue;
      }
      const skip = active.rule.skip ?? 0;
      const times = active.rule.times;
      active.matched++;
      if (active.matched <= skip) {
        continue;
      }
      if (times !== undefined && active.matched > skip + times) {
        continue; // expired
      }
      if (times !== undefined && active.matched === skip + times) {
        this.rules = this.rules.filter((r) => r !== active);
      }
      return active.rule;
    }
    return undefined;
  }
}

function matches(rule: FaultRule, target: FaultTarget): boolean {
  if (rule.path !== undefined && rule.path !== target.path) {
    return false;
  }
  const filters = [rule.statusFilter, rule.kind === 'status' || rule.kind === 'redirect' ? undefined : rule.status];
  for (const filter of filters) {
    if (filter === undefined) {
      continue;
    }
    if (target.path !== 'page_groups' || (filter === null ? undefined : filter) !== target.status) {
      return false;
    }
  }
  if (rule.withCursor !== undefined && rule.withCursor !== target.hasCursor) {
    return false;
  }
  return true;
}

const WEBHOOK_VARIANTS: readonly string[] = ['offsetTimestamps', 'boundaryTimestamps', 'unknownEvents', 'nullEvents', 'lowercaseZ'];
const REDIRECT_STATUSES: readonly number[] = [301, 302, 307, 308];

/**
 * Checks a fault rule received as JSON (control endpoint, CLI). Returns the rule or a message saying what is wrong.
 */
export function parseFaultRule(value: unknown): { rule: FaultRule } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'a fault rule must be a JSON object' };
  }
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  if (v.path !== undefined && v.path !== 'page_groups' && v.path !== 'webhook_subscriptions') {
    problems.push('path must be "page_groups" or "webhook_subscriptions"');
  }
  if (v.status !== undefined && v.status !== null && typeof v.status !== 'string' && v.kind !== 'status' && v.kind !== 'redirect') {
    problems.push('status must be a string or null');
  }
  if (v.statusFilter !== undefined && v.statusFilter !== null && typeof v.statusFilter !== 'string') {
    problems.push('statusFilter must be a string or null');
  }
  if (v.withCursor !== undefined && typeof v.withCursor !== 'boolean') {
    problems.push('withCursor must be a boolean');
  }
  for (const key of ['skip', 'times'] as const) {
    if (v[key] !== undefined && !isCount(v[key])) {
      problems.push(`${key} must be a non-negative integer`);
    }
  }
  switch (v.kind) {
    case 'delay':
      if (!isCount(v.ms)) problems.push('delay needs ms (non-negative integer)');
      break;
    case 'status':
      if (!isHttpStatus(v.status)) problems.push('status needs status (100-599)');
      if (v.body !== undefined && typeof v.body !== 'string') problems.push('body must be a string');
      if (v.headers !== undefined && !isStringRecord(v.headers)) problems.push('headers must map names to strings');
      break;
    case 'rateLimit':
      if (v.retryAfterSeconds !== undefined && !isCount(v.retryAfterSeconds)) problems.push('retryAfterSeconds must be a non-negative integer');
      if (v.retryAfterDate !== undefined && typeof v.retryAfterDate !== 'boolean') problems.push('retryAfterDate must be a boolean');
      break;
    case 'body':
      if (typeof v.body !== 'string') problems.push('body needs body (string)');
      if (v.contentType !== undefined && typeof v.contentType !== 'string') problems.push('contentType must be a string');
      break;
    case 'redirect':
      if (typeof v.location !== 'string') problems.push('redirect needs location (string)');
      if (v.status !== undefined && !REDIRECT_STATUSES.includes(v.status as number)) problems.push('redirect status must be 301, 302, 307 or 308');
      break;
    case 'hugeBody':
      if (!isCount(v.bytes)) problems.push('hugeBody needs bytes (non-negative integer)');
      break;
    case 'webhookVariant':
      if (typeof v.variant !== 'string' || !WEBHOOK_VARIANTS.includes(v.variant)) {
        problems.push(`webhookVariant needs variant (${WEBHOOK_VARIANTS.join(', ')})`);
      }
      break;
    case 'endless':
      if (v.noIds !== undefined && typeof v.noIds !== 'boolean') problems.push('noIds must be a boolean');
      if (v.newStatuses !== undefined && typeof v.newStatuses !== 'boolean') problems.push('newStatuses must be a boolean');
      break;
    case 'malformedJson':
    case 'repeatCursor':
    case 'hasMoreWithoutCursor':
    case 'badItems':
    case 'reset':
      break;
    default:
      problems.push('unknown or missing kind');
  }
  if (problems.length > 0) {
    return { error: problems.join('; ') };
  }
  return { rule: value as FaultRule };
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isHttpStatus(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
}

function isStringRecord(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value as Record<string, unknown>).every((entry) => typeof entry === 'string')
  );
}
