/** The Webhooks view's own document: a gateway's whole list, normalised for comparing gateways. */
import * as l10n from '@vscode/l10n';
import type { DocumentAddress } from '../../../documents/documentPaths';
import type { DocumentSource } from '../../../documents/jsonDocumentProvider';
import type { Gateway } from '../../../gateway/gateway';
import { normalizeWebhookList } from './normalizeWebhooks';
import { WEBHOOKS_STORE, type WebhookList } from './webhookStore';

const FOLDER = 'webhook-subscriptions';
// l10n-ignore: a document address (part of its URI), the same in every language so that it reopens after a reload
const NAME = 'all subscriptions';

export function normalizedListDocument(gateway: Gateway): DocumentAddress {
  return { gateway: gateway.name, folder: FOLDER, name: NAME };
}

/** The normalised list, the same array while the list did not change (documents compare by identity). */
const normalized = new WeakMap<WebhookList, { version: number; value: unknown[] }>();

function current(list: WebhookList): unknown[] | undefined {
  if (!list.loaded) {
    return undefined;
  }
  const cached = normalized.get(list);
  if (cached && cached.version === list.version) {
    return cached.value;
  }
  const value = normalizeWebhookList(list.items.map((item) => item.raw));
  normalized.set(list, { version: list.version, value });
  return value;
}

export const webhookListSource: DocumentSource = {
  folder: FOLDER,
  content: (gateway, name, options) => {
    if (name !== NAME) {
      return undefined;
    }
    const existing = gateway.existingStore(WEBHOOKS_STORE);
    if (!options.load) {
      return existing && current(existing);
    }
    return gateway.connection.state().then(async (state) => {
      if (state.kind !== 'ready') {
        return undefined;
      }
      const list = gateway.store(WEBHOOKS_STORE);
      await list.ensure();
      return current(list);
    });
  },
  notLoaded: (gateway) =>
    l10n.t('The webhook subscriptions of the gateway “{0}” could not be loaded. Check the gateway in the Webhooks view, then compare again.', gateway.name),
};
