/**
 * The contract's resources as zod schemas. Contract: shared/seed/000_6084dae635b311c9.txt. Only schemas.ts loads this
 * module, with `import()`, before the client's first parse: zod is not loaded with the extension (dist/onDemand.js).
 */
import * as z from 'zod/mini';
import { EVENT_KINDS } from './model';
import { WEBHOOK_TIMESTAMP_PATTERN } from './timestamp';

// zod/mini: the same checks and issues as zod's classic API, built from functions that bundle only what is used
// (88 KiB less to load, docs/performance.md). No generated code: zod's JIT compiles parsers with `new Function`, and
// its probe for that reads `navigator`, which VS Code's Node 22+ extension host reports as a migration error in its
// log. Items are few per page and the common page group case has its own fast path (schemas.ts), so interpreting is
// cheap enough.

function buildSchemas() {
  z.config({ jitless: true });
  // Page group: the contract does not say which fields are required or nullable. Every field is optional, and `null`
  // is tolerated as "absent" (`nullish`): nullability is not given by the contract, so `null` is not flagged.
  const optionalString = z.nullish(z.string());
  const optionalArray = z.nullish(z.array(z.unknown()));
  // "string, date-time, ISO 8601" without a pattern: the type is checked, the format is not (the contract gives no
  // pattern for page groups, unlike webhooks; the views show these strings as sent).
  const optionalDateTime = z.nullish(z.string());

  const pageGroup = z.object({
    pageGroupId: optionalString,
    tenantId: optionalString,
    brandId: optionalString,
    name: optionalString,
    title: optionalString,
    pageContext: optionalString,
    status: optionalString,
    pagesCount: z.nullish(z.number()),
    actions: optionalArray,
    footerLinks: optionalArray,
    scripts: optionalArray,
    headerActionId: optionalString,
    createdAt: optionalDateTime,
    updatedAt: optionalDateTime,
    deletedAt: optionalDateTime,
  });

  /** The envelope of `GET /v0/page_groups`; items are checked one by one with `pageGroup` (see the policy). */
  const pageGroupEnvelope = z.object({
    hasMore: z.boolean(),
    items: z.array(z.unknown()),
    limit: z.number(),
    // Optional in the contract; `null` is treated as absent (nullability is not given by the contract).
    nextCursor: z.nullish(z.string()),
  });

  /** `YYYY-MM-DDTHH:MM[:SS[.f…]]Z`, calendar-valid; see timestamp.ts for the exact rule and its choices. */
  const webhookTimestamp = z.string().check(z.regex(WEBHOOK_TIMESTAMP_PATTERN));

  /**
   * A webhook subscription: all six fields required. `url` is "string, format uri" in the contract; an absolute http
   * or https URL is what a webhook endpoint can be, so that is what is accepted (that is enough: other URI schemes are
   * not callable endpoints). `events` is an array of the six kinds, or `null`.
   */
  const webhookSubscription = z.object({
    id: z.string(),
    url: z.url({ protocol: /^https?$/ }),
    events: z.nullable(z.array(z.enum(EVENT_KINDS))),
    active: z.boolean(),
    createdAt: webhookTimestamp,
    updatedAt: webhookTimestamp,
  });

  return {
    pageGroup,
    pageGroupEnvelope,
    /** A whole `GET /v0/page_groups` response in which every item follows the contract. */
    pageGroupList: z.extend(pageGroupEnvelope, { items: z.array(pageGroup) }),
    webhookTimestamp,
    webhookSubscription,
    /** A whole `GET /v0/webhook_subscriptions` response in which every item follows the contract. */
    webhookSubscriptionList: z.array(webhookSubscription),
  };
}

/** The contract's schemas, built when this module loads (schemas.ts parses with them). */
export const CONTRACT_SCHEMAS = buildSchemas();
export type ContractSchemas = typeof CONTRACT_SCHEMAS;
