/** What can be exported of a gateway's webhook subscriptions: its one list. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { Gateway } from '../../gateway/gateway';
import { formatNumber } from '../../l10n/numbers';
import { ofGateway, raws, writeAll, type ExportChoice, type ExportPlan } from '../../model/exportPlan';
import { describeGatewayError } from '../../text/errorText';
import { WEBHOOK_WORDS } from './text/webhookWords';
import { WEBHOOK, WEBHOOKS_STORE } from './webhookKind';

/** A gateway's webhook subscriptions: one list the gateway returns whole (loaded by the export when it is not yet). */
export function webhookPlan(gateway: Gateway, several: boolean): ExportPlan {
  const list = gateway.store(WEBHOOKS_STORE);
  return {
    gateway,
    kind: WEBHOOK,
    what: ofGateway(several, gateway, l10n.t('webhook subscriptions')),
    nameParts: ['webhook-subscriptions', ...(several ? [gateway.name] : [])],
    canLoadMore: false,
    loadedCount: () => list.items.length,
    remaining: () => undefined,
    loadedRaws: () => raws(list.items),
    async run(_everything, signal, write) {
      await list.ensure(signal);
      if (signal.aborted) {
        return 'aborted';
      }
      if (list.error && !list.loaded) {
        return 'failed';
      }
      return writeAll(list.items, signal, write);
    },
    problem: () => (list.error ? describeGatewayError(list.error, WEBHOOK_WORDS) : undefined),
    note: () =>
      list.truncated
        ? l10n.t('The gateway sent {0}; the first {1} are kept, and exported.', WEBHOOK.words.count(list.truncated.total), formatNumber(list.truncated.kept))
        : undefined,
  };
}

/** "Export…" from the palette: the gateway's webhook subscriptions. */
export function webhookExportChoices(gateway: Gateway, several: boolean): ExportChoice[] {
  const list = gateway.store(WEBHOOKS_STORE);
  return [
    {
      label: `$(plug) ${l10n.t('Webhook subscriptions')}`,
      description: list.loaded ? l10n.t('{0} loaded', formatNumber(list.items.length)) : l10n.t('loads the list (one request)'),
      plan: () => webhookPlan(gateway, several),
    },
  ];
}
