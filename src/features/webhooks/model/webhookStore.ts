/** Each gateway's webhook subscriptions: one list, loaded whole (the contract returns a bare array), keyed by id. */
import { Loadable } from '../../../lists/loadable';
import type { CheckedWebhook } from '../../../api/model';
import type { StoreFactory } from '../../../gateway/gateway';
import { listWebhookSubscriptions } from './webhooksList';

export type WebhookList = Loadable<CheckedWebhook>;

export function webhookKey(item: CheckedWebhook): string | undefined {
  return item.value.id;
}

export const WEBHOOKS_STORE: StoreFactory<WebhookList> = {
  name: 'webhooks',
  create: (gateway) =>
    new Loadable<CheckedWebhook>((signal) => gateway.connection.withClient((client) => listWebhookSubscriptions(client, signal)), webhookKey),
};
