/**
 * Deliveries as read-only documents, `page-gateway://webhook-inbox/inbox-deliveries/delivery-<id>.json`: the request
 * line, headers, body (parsed JSON when it is, text otherwise) and the handler's answer, following the delivery (the
 * answer appears when it comes). Server text that could hide or reorder what is around it is written as `\uXXXX`.
 */
import * as l10n from '@vscode/l10n';
import type { DocumentAddress } from '../../../../documents/documentPaths';
import { formatJson } from '../../../../documents/documentPaths';
import type { LocalDocumentSource } from '../../../../documents/jsonDocumentProvider';
import type { InboxSession } from '../commands/inboxSession';
import type { Delivery } from '../model/delivery';
import { deliveryDocument, deliveryTabTitle, visibleJson } from './deliveryPresentation';
import { matchNames } from './inboxTree';

export const INBOX_AUTHORITY = 'webhook-inbox';
export const DELIVERY_FOLDER = 'inbox-deliveries';

/**
 * A delivery's document: named `delivery-<id>`, its tab titled by what tells deliveries apart, as page groups are
 * named: the event kind (else the path, without its query) and the time it came (`form.submitted 14:02:03 ·
 * delivery-12.json`).
 */
export function deliveryAddress(delivery: Pick<Delivery, 'id' | 'eventKind' | 'target' | 'receivedAt'>): DocumentAddress {
  return { gateway: INBOX_AUTHORITY, folder: DELIVERY_FOLDER, name: `delivery-${delivery.id}`, title: deliveryTabTitle(delivery) };
}

/** The id in a document name (`delivery-12` → 12). */
export function deliveryIdOf(name: string): number | undefined {
  const match = /^delivery-(\d+)$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

export function deliveryDocumentSource(session: InboxSession): LocalDocumentSource {
  // The same value while neither the delivery nor the loaded subscriptions changed (documents compare by identity).
  const cache = new WeakMap<Delivery, { stamp: string; value: unknown }>();
  return {
    folder: DELIVERY_FOLDER,
    local: true,
    content: (name) => {
      const id = deliveryIdOf(name);
      const delivery = id === undefined ? undefined : session.inbox.get(id);
      if (delivery === undefined) {
        return undefined;
      }
      const stamp = session.listsStamp();
      const cached = cache.get(delivery);
      if (cached?.stamp === stamp) {
        return cached.value;
      }
      const value = deliveryDocument(delivery, matchNames(session.matchesOf(delivery)));
      cache.set(delivery, { stamp, value });
      return value;
    },
    notLoaded: () => l10n.t('This delivery is not in the Webhook Inbox any more (cleared, dropped for newer ones, or received in another window).'),
    text: (value, indent) => visibleJson(formatJson(value, indent)),
  };
}
