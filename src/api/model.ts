/**
 * The gateway's resources as this extension sees them. Pure data: no `vscode`, no I/O.
 * Contract: shared/seed/000_6084dae635b311c9.txt.
 */

/** The six event kinds the contract allows in a webhook subscription's `events`. */
export const EVENT_KINDS = [
  'page.version.created',
  'page.version.processed',
  'page.version.published',
  'form.submitted',
  'form.enriched',
  'form.enrichment_failed',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * A page group. The contract does not say which fields are required or nullable, so every field is optional
 * here; a field that is present with the wrong type is left out of this parsed view and reported as a problem.
 */
export interface PageGroup {
  readonly pageGroupId?: string;
  readonly tenantId?: string;
  readonly brandId?: string;
  readonly name?: string;
  readonly title?: string;
  readonly pageContext?: string;
  readonly status?: string;
  readonly pagesCount?: number;
  readonly actions?: readonly unknown[];
  readonly footerLinks?: readonly unknown[];
  readonly scripts?: readonly unknown[];
  readonly headerActionId?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly deletedAt?: string;
}

/**
 * A webhook subscription. The contract requires all six fields; an item that breaks that is still kept (with its
 * problems), so in the parsed view a field can be missing when `problems` is not empty.
 * `events` keeps unknown kinds as strings (flagged), and `null` as `null`: the contract does not say what it means.
 */
export interface WebhookSubscription {
  readonly id?: string;
  readonly url?: string;
  readonly events?: readonly string[] | null;
  readonly active?: boolean;
  readonly createdAt?: string;
  readonly updatedAt?: string;
}

/** One item as received: the raw JSON value exactly as the server sent it, the parsed view, and what is wrong. */
export interface Checked<T> {
  /** The item exactly as parsed from the response body, unknown fields included (used by "Open as JSON"). */
  readonly raw: unknown;
  /** The fields that have the contract's types. */
  readonly value: T;
  /** How this item breaks the contract, as facts (the views say it in words). Empty when valid. */
  readonly problems: readonly ItemProblem[];
}

/** One way an item breaks the contract, as facts; `src/views/common/itemProblemText.ts` says it in words. */
export type ItemProblem =
  /** The item is not a JSON object (`got`: its JSON type). */
  | { readonly kind: 'notObject'; readonly got: string }
  /** A field has another JSON type than the contract's (`expected`: type names joined by `|`; `got`: `missing` when absent). */
  | { readonly kind: 'wrongType'; readonly field: string; readonly expected: string; readonly got: string }
  /** `events` lists a kind the contract does not (the kind is kept, flagged). */
  | { readonly kind: 'unknownEvent'; readonly event: string }
  /** An element of `events` is not a string. */
  | { readonly kind: 'badEvent'; readonly index: number; readonly got: string }
  /** The field is not an absolute http(s) URL. */
  | { readonly kind: 'notHttpUrl'; readonly field: string; readonly value: string }
  /** The field does not match the contract's UTC timestamp pattern `YYYY-MM-DDTHH:MM[:SS[.fraction]]Z`. */
  | { readonly kind: 'notUtcTimestamp'; readonly field: string; readonly value: string }
  /** Another rule of the schema (`code`: the schema library's issue code). */
  | { readonly kind: 'other'; readonly field: string; readonly code: string };

export type CheckedPageGroup = Checked<PageGroup>;
export type CheckedWebhook = Checked<WebhookSubscription>;

/** The contract's default `limit` of `GET /v0/page_groups` (applies when none is sent). */
export const DEFAULT_PAGE_LIMIT = 20;

/** The contract's range of `limit`. */
export const MIN_PAGE_LIMIT = 1;
export const MAX_PAGE_LIMIT = 100;

/**
 * How many webhook subscriptions are kept from one `GET /v0/webhook_subscriptions` (the contract sets no limit on
 * that list): more would only fill the tree with rows nobody scrolls through, and memory.
 */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 10_000;

/** Query of `GET /v0/page_groups`. */
export interface PageGroupQuery {
  readonly cursor?: string;
  /** Integer 1–100; the contract's default (20) applies when absent. */
  readonly limit?: number;
  readonly status?: string;
}

/** One page of a paged list: its checked items and the envelope the contract gives every page. */
export interface Page<T> {
  readonly items: readonly Checked<T>[];
  readonly hasMore: boolean;
  readonly limit: number;
  readonly nextCursor?: string;
}

/** One response of `GET /v0/page_groups`. */
export type PageGroupPage = Page<PageGroup>;

/** The query of one page of a paged list: `limit`, then the list's filters (in their order), then `cursor`. */
export interface PageQuery {
  readonly cursor?: string;
  /** Integer 1–100; the contract's default (20) applies when absent. */
  readonly limit?: number;
  readonly filters?: Readonly<Record<string, string | undefined>>;
}

/**
 * A paged list operation: where it is and how its items are checked. The client lists any of them the same way
 * (`GatewayClient.listPage`); page groups are one.
 */
export interface PagedList<T> {
  /** The name errors give the list (`GatewayResource`). */
  readonly resource: string;
  /** Under the base URL, e.g. `v0/page_groups`. */
  readonly path: string;
  /** A generous size of one item: the largest body read is a full page of them plus the envelope. */
  readonly maxItemBytes: number;
  checkItem(raw: unknown): Checked<T>;
}

/** A list the gateway returns whole, as read: its checked items in server order, maybe only the first of them. */
export interface WholeListAnswer<T> {
  readonly items: readonly Checked<T>[];
  /** Set when the gateway sent more than are kept: `items` holds the first `kept` of `total`. */
  readonly truncated?: { readonly kept: number; readonly total: number };
}

/**
 * A list operation without paging: where it is, the largest body read, and how a body becomes items. The client reads
 * any of them the same way (`GatewayClient.readList`); the webhook subscriptions are one.
 */
export interface WholeList<T> {
  /** The name errors give the list (`GatewayResource`). */
  readonly resource: string;
  /** Under the base URL, e.g. `v0/webhook_subscriptions`. */
  readonly path: string;
  /** The largest body read. */
  readonly maxBodyBytes: number;
  parse(json: unknown): WholeListAnswer<T>;
}

/** The result of `GET /v0/webhook_subscriptions`: at most `MAX_WEBHOOK_SUBSCRIPTIONS` items. */
export type WebhookList = WholeListAnswer<WebhookSubscription>;
