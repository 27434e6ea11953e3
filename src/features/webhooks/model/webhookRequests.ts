/** The request behind every row of the Webhook Subscriptions view: the whole list, `GET <base>/v0/webhook_subscriptions`. */
import { apiUrl } from '../../../api/baseUrl';
import type { ApiRequest } from '../../../api/apiRequest';

export function webhookListRequest(baseHref: string): ApiRequest {
  return { method: 'GET', url: apiUrl(baseHref, 'v0/webhook_subscriptions') };
}
