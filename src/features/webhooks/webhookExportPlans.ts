/** What can be exported of a gateway's webhook subscriptions: its one list. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { Gateway } from '../../gateway/gateway';
import { formatNumber } from '../../l10n/numbers';
import type { ExportChoice, ExportPlan } from '../../model/exportPlan';
import { wholeListPlan } from '../../model/listPlans';
import { WEBHOOK, WEBHOOKS_STORE } from './webhookKind';

/** A gateway's webhook subscriptions: one list the gateway returns whole (loaded by the export when it is not yet). */
export function webhookPlan(gateway: Gateway, several: boolean): ExportPlan {
  return wholeListPlan(gateway, WEBHOOK, gateway.store(WEBHOOKS_STORE), { what: l10n.t('webhook subscriptions'), nameParts: ['webhook-subscriptions'], several });
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
