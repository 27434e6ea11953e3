/**
 * The contract's webhook subscriptions as a whole list (`GET /v0/webhook_subscriptions`: the contract has no paging
 * for it): where it is, the largest body read, how it is parsed (at most `MAX_WEBHOOK_SUBSCRIPTIONS` kept), and its
 * request. The client reads it like any whole list. No `vscode` import.
 */
import type { ApiRequest } from '../../../api/apiRequest';
import type { GatewayClient } from '../../../api/client';
import { MAX_WEBHOOK_SUBSCRIPTIONS, type WebhookList, type WebhookSubscription, type WholeList } from '../../../api/model';
import { wholeListRequest } from '../../../api/requests';
import { parseWebhookList, WEBHOOK_LIST } from '../../../api/schemas';

/**
 * A generous size for one webhook subscription: an id, a URL (browsers and servers keep them under about 2 KiB), at
 * most the six event kinds (about 150 bytes), a boolean and two timestamps: 4 KiB (the sample data set's average
 * 200 bytes).
 */
const WEBHOOK_ITEM_BYTES = 4 * 1024;

/** The largest `GET /v0/webhook_subscriptions` body read: `MAX_WEBHOOK_SUBSCRIPTIONS` generous items (40 MiB). */
export const WEBHOOKS_MAX_BODY_BYTES = MAX_WEBHOOK_SUBSCRIPTIONS * WEBHOOK_ITEM_BYTES;

/** The contract's webhook subscriptions as a whole list. */
export const WEBHOOKS: WholeList<WebhookSubscription> = {
  resource: WEBHOOK_LIST,
  path: 'v0/webhook_subscriptions',
  maxBodyBytes: WEBHOOKS_MAX_BODY_BYTES,
  parse: (json) => parseWebhookList(json),
};

/** `GET {base}/v0/webhook_subscriptions`, as the client sends it. */
export function webhookListRequest(baseHref: string): ApiRequest {
  return wholeListRequest(baseHref, WEBHOOKS.path);
}

/**
 * `GET {base}/v0/webhook_subscriptions`: the whole list, at most `MAX_WEBHOOK_SUBSCRIPTIONS` of it; `truncated` says
 * how many the gateway sent when it sent more.
 */
export function listWebhookSubscriptions(client: GatewayClient, signal?: AbortSignal): Promise<WebhookList> {
  return client.readList(WEBHOOKS, signal);
}
