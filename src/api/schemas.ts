/**
 * The parsers that turn a response body into checked items, with the contract's zod schemas (contractSchemas.ts) as
 * the authority and hand-written fast paths for the common cases. Contract: shared/seed/000_6084dae635b311c9.txt.
 *
 * Policy:
 * - A broken **envelope** (not the expected JSON shape) throws `GatewayError('invalidResponse')` whose facts list the
 *   issues (field, expected and received JSON type).
 * - A broken **item** is kept, in order, with its raw JSON value and its problems, so one bad item never hides the
 *   others. `value` holds every field whose JSON type is right; a wrongly typed field is left out of `value` and
 *   reported as an `ItemProblem` (facts: the field, what was expected and received). A field with the right type but the wrong format (a URL that is not
 *   http(s), a timestamp that misses the pattern, an unknown event kind) stays in `value` and is reported, so the user
 *   sees what the server sent.
 */
import type * as z from 'zod/mini';
import type { ContractSchemas } from './contractSchemas';
import { GatewayError, type GatewayResource, type SchemaIssue } from './errors';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_WEBHOOK_SUBSCRIPTIONS,
  type Checked,
  type CheckedPageGroup,
  type CheckedWebhook,
  type ItemProblem,
  type PageGroup,
  type Page,
  type PageGroupPage,
  type WebhookList,
  type WebhookSubscription,
} from './model';

export { isWebhookTimestamp, WEBHOOK_TIMESTAMP_PATTERN } from './timestamp';

/** A pure cache (module state on purpose): the contract's schemas, loaded once (`loadContractSchemas`). */
let schemas: ContractSchemas | undefined;
let loading: Promise<ContractSchemas> | undefined;

/**
 * Loads the contract's zod schemas once (contractSchemas.ts, with zod); the client awaits it before its first request.
 * Activation parses nothing, and loading zod and building the schemas was a measurable part of loading the extension
 * (docs/performance.md).
 */
export function loadContractSchemas(): Promise<ContractSchemas> {
  return (loading ??= import('./contractSchemas.js').then((module) => (schemas = module.CONTRACT_SCHEMAS)));
}

/** The contract's zod schemas. Throws when `loadContractSchemas` has not finished: parse only after awaiting it. */
export function contractSchemas(): ContractSchemas {
  if (schemas === undefined) {
    throw new Error('the contract schemas are not loaded: await loadContractSchemas() before parsing'); // l10n-ignore: a programming error, never shown to users
  }
  return schemas;
}

/** The fields of a page group, in the contract's order (a unit test holds them to the schema's). */
export const PAGE_GROUP_FIELDS: readonly (keyof PageGroup)[] = [
  'pageGroupId',
  'tenantId',
  'brandId',
  'name',
  'title',
  'pageContext',
  'status',
  'pagesCount',
  'actions',
  'footerLinks',
  'scripts',
  'headerActionId',
  'createdAt',
  'updatedAt',
  'deletedAt',
];
/** The fields of a webhook subscription, in the contract's order (a unit test holds them to the schema's). */
export const WEBHOOK_FIELDS: readonly (keyof WebhookSubscription)[] = ['id', 'url', 'events', 'active', 'createdAt', 'updatedAt'];
const NO_PROBLEMS: readonly ItemProblem[] = Object.freeze([]);

/** The names errors give the contract's two lists (`GatewayResource`). */
export const PAGE_GROUPS_LIST: GatewayResource = 'pageGroups';
export const WEBHOOK_LIST: GatewayResource = 'webhookSubscriptions';

/**
 * Parses one `GET /v0/page_groups` body. Throws `GatewayError('invalidResponse')` when the envelope is broken, or when
 * the page holds more items than `limit` (the `limit` that was asked for; the contract's default 20 when none was
 * sent): that breaks the contract, and checking each of a huge list of items would only make a huge list of rows.
 */
export function parsePageGroupPage(json: unknown, limit: number = DEFAULT_PAGE_LIMIT): PageGroupPage {
  return parsePage(json, limit, PAGE_GROUPS_LIST, checkPageGroup);
}

/**
 * Parses one page of any paged list (the contract's page envelope around items that `checkItem` checks). Throws
 * `GatewayError('invalidResponse')` naming `resource` when the envelope is broken or holds more items than `limit`.
 */
export function parsePage<T>(json: unknown, limit: number, resource: GatewayResource, checkItem: (raw: unknown) => Checked<T>): Page<T> {
  if (!isPlainObject(json)) {
    throw invalidResponse(resource, [{ path: '', expected: 'object', got: describe(json) }]);
  }
  const count = Array.isArray(json.items) ? json.items.length : 0;
  if (count > limit) {
    throw new GatewayError({ kind: 'invalidResponse', reason: 'tooManyItems', resource, count, limit });
  }
  const envelope = quickEnvelope(json) ?? checkedEnvelope(json, resource);
  const rawItems = envelope.items;
  const items = new Array<Checked<T>>(rawItems.length);
  for (let i = 0; i < rawItems.length; i++) {
    items[i] = checkItem(rawItems[i]);
  }
  const nextCursor = envelope.nextCursor;
  return nextCursor === undefined || nextCursor === null
    ? { items, hasMore: envelope.hasMore, limit: envelope.limit }
    : { items, hasMore: envelope.hasMore, limit: envelope.limit, nextCursor };
}

type PageGroupEnvelope = z.infer<ContractSchemas['pageGroupEnvelope']>;

/**
 * The envelope of a page group page when it follows the contract, checked by hand; `undefined` hands it to
 * `contractSchemas().pageGroupEnvelope` (the authority, and the source of the issues). It must accept only what that schema
 * accepts, with the same values; a property test in schemas.test.ts holds it to that. Why: zod's interpreted array
 * check visits every item to check nothing (`z.unknown()`); what that cost is in docs/performance.md.
 * Exported for that test only.
 */
export function quickEnvelope(json: Readonly<Record<string, unknown>>): PageGroupEnvelope | undefined {
  const { hasMore, items, limit, nextCursor } = json;
  if (
    typeof hasMore !== 'boolean' ||
    !Array.isArray(items) ||
    typeof limit !== 'number' ||
    !Number.isFinite(limit) ||
    (nextCursor !== undefined && nextCursor !== null && typeof nextCursor !== 'string')
  ) {
    return undefined;
  }
  return { hasMore, items: items as unknown[], limit, nextCursor };
}

/** The envelope through zod: its data, or `GatewayError('invalidResponse')` listing the issues. */
function checkedEnvelope(json: Record<string, unknown>, resource: GatewayResource): PageGroupEnvelope {
  const envelope = contractSchemas().pageGroupEnvelope.safeParse(json);
  if (!envelope.success) {
    throw invalidResponse(
      resource,
      envelope.error.issues.map((issue) => schemaIssue(json, issue)),
    );
  }
  return envelope.data;
}

/**
 * Parses one `GET /v0/webhook_subscriptions` body: the first `max` subscriptions are checked and kept, the others
 * only counted (`truncated`). Throws `GatewayError('invalidResponse')` when it is not an array.
 */
export function parseWebhookList(json: unknown, max: number = MAX_WEBHOOK_SUBSCRIPTIONS): WebhookList {
  if (!Array.isArray(json)) {
    throw invalidResponse(WEBHOOK_LIST, [{ path: '', expected: 'array', got: describe(json) }]);
  }
  const kept = Math.min(json.length, max);
  const items = new Array<CheckedWebhook>(kept);
  for (let i = 0; i < kept; i++) {
    items[i] = checkWebhook(json[i]);
  }
  return kept < json.length ? { items, truncated: { kept, total: json.length } } : { items };
}

/** Checks one page group item against the contract. */
export function checkPageGroup(raw: unknown): CheckedPageGroup {
  if (!isPlainObject(raw)) {
    return { raw, value: {}, problems: [{ kind: 'notObject', got: describe(raw) }] };
  }
  const quick = quickPageGroup(raw);
  if (quick !== undefined) {
    return { raw, value: quick, problems: NO_PROBLEMS };
  }
  const result = contractSchemas().pageGroup.safeParse(raw);
  if (result.success) {
    return { raw, value: copyFields(raw, PAGE_GROUP_FIELDS, undefined) as PageGroup, problems: NO_PROBLEMS };
  }
  const problems: ItemProblem[] = [];
  const dropped = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    dropped.add(field);
    problems.push(
      issue.code === 'invalid_type' ? { kind: 'wrongType', field, expected: issue.expected, got: describe(raw[field]) } : { kind: 'other', field, code: issue.code },
    );
  }
  return { raw, value: copyFields(raw, PAGE_GROUP_FIELDS, dropped) as PageGroup, problems };
}

/** Checks one webhook subscription item against the contract. */
export function checkWebhook(raw: unknown): CheckedWebhook {
  if (!isPlainObject(raw)) {
    return { raw, value: {}, problems: [{ kind: 'notObject', got: describe(raw) }] };
  }
  const result = contractSchemas().webhookSubscription.safeParse(raw);
  if (result.success) {
    return { raw, value: copyFields(raw, WEBHOOK_FIELDS, undefined) as WebhookSubscription, problems: NO_PROBLEMS };
  }
  const problems: ItemProblem[] = [];
  const dropped = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    const value = raw[field];
    if (issue.path.length > 1 && field === 'events') {
      // An element of `events`: unknown kinds are kept (and flagged); a non-string element breaks the field's type.
      const index = Number(issue.path[1]);
      const element = Array.isArray(value) ? (value as unknown[])[index] : undefined;
      if (typeof element === 'string') {
        problems.push({ kind: 'unknownEvent', event: element });
      } else {
        dropped.add(field);
        problems.push({ kind: 'badEvent', index, got: describe(element) });
      }
    } else if (issue.code === 'invalid_type') {
      dropped.add(field);
      problems.push({ kind: 'wrongType', field, expected: field === 'events' ? 'array|null' : issue.expected, got: value === undefined ? 'missing' : describe(value) });
    } else if (issue.code === 'invalid_format' && field === 'url') {
      problems.push({ kind: 'notHttpUrl', field, value: String(value) });
    } else if (issue.code === 'invalid_format') {
      problems.push({ kind: 'notUtcTimestamp', field, value: String(value) });
    } else {
      dropped.add(field);
      problems.push({ kind: 'other', field, code: issue.code });
    }
  }
  return { raw, value: copyFields(raw, WEBHOOK_FIELDS, dropped) as WebhookSubscription, problems };
}

/**
 * The fast path for the common case: a page group whose present contract fields all have their types, none `null`.
 * Returns its value (contract fields only: `raw` itself when it has no other field) without running zod, or `undefined` to hand the item to `contractSchemas().pageGroup`,
 * which stays the authority for everything else and for the problem texts. It must accept only what
 * `contractSchemas().pageGroup` accepts, with the same value; a property test in schemas.test.ts holds it to that.
 * Why: the client's own work per page has a budget (the client walk of `npm run bench`, docs/performance.md), and
 * zod per item is most of it; this single switch over the item's own keys costs a fraction of that.
 * Exported for that test only.
 */
export function quickPageGroup(raw: Readonly<Record<string, unknown>>): PageGroup | undefined {
  // Only contract fields: the value is the server's object itself (no copy of every page group kept).
  let onlyContractFields = Object.getPrototypeOf(raw) === Object.prototype;
  for (const key in raw) {
    const v = raw[key];
    switch (key) {
      case 'pageGroupId':
      case 'tenantId':
      case 'brandId':
      case 'name':
      case 'title':
      case 'pageContext':
      case 'status':
      case 'headerActionId':
      case 'createdAt':
      case 'updatedAt':
      case 'deletedAt':
        if (typeof v !== 'string') {
          return undefined;
        }
        break;
      case 'pagesCount':
        if (typeof v !== 'number' || !Number.isFinite(v)) {
          return undefined;
        }
        break;
      case 'actions':
      case 'footerLinks':
      case 'scripts':
        if (!Array.isArray(v)) {
          return undefined;
        }
        break;
      default:
        // not a contract field: kept in `raw` only
        onlyContractFields = false;
    }
  }
  return (onlyContractFields ? raw : copyFields(raw, PAGE_GROUP_FIELDS, undefined)) as PageGroup;
}

/** Copies the contract fields present in `raw` (not `null` for page groups, see `nullish`) except the dropped ones. */
function copyFields(
  raw: Record<string, unknown>,
  fields: readonly string[],
  dropped: ReadonlySet<string> | undefined,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const keepNull = fields === WEBHOOK_FIELDS; // only `events` can legitimately be null there
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const v = raw[field];
    if (v === undefined || (v === null && !keepNull) || dropped?.has(field) === true) {
      continue;
    }
    value[field] = v;
  }
  return value;
}

/** One envelope issue as facts: the field, the JSON type expected and the one received (`missing` when absent). */
function schemaIssue(input: Record<string, unknown>, issue: z.core.$ZodIssue): SchemaIssue {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type') {
    const value = issue.path.length === 1 ? input[String(issue.path[0])] : undefined;
    return { path, expected: issue.expected, got: value === undefined ? 'missing' : describe(value) };
  }
  return { path, code: issue.code };
}

function invalidResponse(resource: GatewayResource, issues: readonly SchemaIssue[]): GatewayError {
  return new GatewayError({ kind: 'invalidResponse', reason: 'schema', resource, issues });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) {
    return 'null'; // l10n-ignore: a JSON type name (a fact)
  }
  if (Array.isArray(value)) {
    return 'array'; // l10n-ignore: a JSON type name (a fact)
  }
  return typeof value;
}

