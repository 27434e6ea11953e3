/** Webhook subscriptions as a resource: the per-gateway store (model/webhookStore.ts) and how rows and pickers describe them. */
import * as l10n from '@vscode/l10n';
import type { WebhookSubscription } from '../../api/model';
import { WEBHOOK_FIELDS, WEBHOOK_LIST } from '../../api/schemas';
import type { ResourceKind } from '../../model/resource';
import { webhookDescription, webhookLabel, webhookSearchDetail, webhookTooltip } from './text/webhookPresentation';
import { WEBHOOK_WORDS } from './text/webhookWords';

import { withoutPassword } from '../../text/urlText';
import { WEBHOOKS_STORE } from './model/webhookStore';
import { loadableExtent } from '../../model/chainScan';

export { webhookKey, WEBHOOKS_STORE, type WebhookList } from './model/webhookStore';

/** The view that shows them (package.json contributes it). */
export const WEBHOOKS_VIEW = 'pageGateway.webhooks';

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
  extent: (gateway) => loadableExtent(gateway.existingStore(WEBHOOKS_STORE)),
  ensureLoaded: (gateway) => gateway.store(WEBHOOKS_STORE).ensure(),
  // The URL without its password: typing a password never tells which subscription holds it.
  searchText: (value) => [value.id, value.url === undefined ? undefined : withoutPassword(value.url), ...(value.events ?? [])],
  searchDetail: webhookSearchDetail,
};
