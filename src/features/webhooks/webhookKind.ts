/** Webhook subscriptions as a resource: the per-gateway store (one list, loaded whole) and its description. */
import * as l10n from '@vscode/l10n';
import { Loadable } from '../../api/loadable';
import type { CheckedWebhook, WebhookSubscription } from '../../api/model';
import { WEBHOOK_FIELDS, WEBHOOK_LIST } from '../../api/schemas';
import type { StoreFactory } from '../../gateway/gateway';
import type { ResourceKind } from '../../model/resource';
import { webhookDescription, webhookLabel, webhookTooltip } from './text/webhookPresentation';
import { WEBHOOK_WORDS } from './text/webhookWords';

/** The view that shows them (package.json contributes it). */
export const WEBHOOKS_VIEW = 'pageGateway.webhooks';
import { withoutPassword } from '../../text/urlText';

export type WebhookList = Loadable<CheckedWebhook>;

export function webhookKey(item: CheckedWebhook): string | undefined {
  return item.value.id;
}

export const WEBHOOKS_STORE: StoreFactory<WebhookList> = {
  name: 'webhooks',
  create: (gateway) =>
    new Loadable<CheckedWebhook>((signal) => gateway.connection.withClient((client) => client.listWebhookSubscriptions(signal)), webhookKey),
};

export const WEBHOOK: ResourceKind<WebhookSubscription> = {
  id: 'webhook',
  listName: WEBHOOK_LIST,
  folder: 'webhooks',
  words: WEBHOOK_WORDS,
  icon: 'plug',
  viewId: WEBHOOKS_VIEW,
  fields: WEBHOOK_FIELDS,
  idOf: (value) => value.id,
  // Never with a password (`user:***@`): the label goes into pickers, progress titles and document addresses.
  label: (value) => (value.url === undefined ? undefined : withoutPassword(value.url)) ?? value.id ?? l10n.t('(no url)'),
  // Host and path, as the row reads when hosts differ: never the URL's password.
  documentTitle: webhookLabel,
  description: webhookDescription,
  tooltip: (item) => webhookTooltip(item),
  pickDetail: (value) => [value.id, webhookDescription(value)].filter((x): x is string => !!x).join(' · '),
  loaded: (gateway) => gateway.existingStore(WEBHOOKS_STORE)?.items ?? [],
  find: (gateway, id) => gateway.existingStore(WEBHOOKS_STORE)?.items.find((item) => item.value.id === id),
  ensureLoaded: (gateway) => gateway.store(WEBHOOKS_STORE).ensure(),
};
