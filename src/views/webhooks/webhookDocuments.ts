/** The Webhook Subscriptions view's own document: a gateway's whole list, normalised for comparing gateways. */
import type { DocumentAddress } from '../../documents/documentPaths';
import type { DocumentSource } from '../../documents/jsonDocumentProvider';
import type { Gateway } from '../../gateway/gateway';
import { normalizeWebhookList } from './normalizeWebhooks';
import { WEBHOOKS_STORE } from './webhookResource';

const FOLDER = 'webhook-subscriptions';
const NAME = 'all subscriptions';

export function normalizedListDocument(gateway: Gateway): DocumentAddress {
  return { gateway: gateway.name, folder: FOLDER, name: NAME };
}

export const webhookListSource: DocumentSource = {
  folder: FOLDER,
  content: async (gateway, name) => {
    if (name !== NAME || (await gateway.connection.state()).kind !== 'ready') {
      return undefined;
    }
    const list = gateway.store(WEBHOOKS_STORE);
    await list.ensure();
    return list.loaded ? normalizeWebhookList(list.items.map((item) => item.raw)) : undefined;
  },
  notLoaded: (gateway) =>
    `The webhook subscriptions of the gateway “${gateway.name}” could not be loaded. Check the gateway in the Webhook Subscriptions view, then compare again.`,
};
