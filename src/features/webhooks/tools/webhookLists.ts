/** Loading a gateway's webhook list for a tool: one request when it is not loaded, none when it is. */
import * as l10n from '@vscode/l10n';
import type { CheckedWebhook } from '../../../api/model';
import type { CoverageState } from '../../../agent/model/coverage';
import { cancelledText, failureText, notReadyText } from '../../../agent/toolSupport';
import type { Gateway } from '../../../gateway/gateway';
import { WEBHOOKS_STORE } from '../model/webhookStore';
import { WEBHOOK_WORDS } from '../text/webhookWords';

export type WebhookListResult =
  | { readonly ok: true; readonly items: readonly CheckedWebhook[]; readonly version: number }
  | { readonly ok: false; readonly problem: string; readonly state: CoverageState };

export async function webhookListOf(gateway: Gateway, signal: AbortSignal): Promise<WebhookListResult> {
  const store = gateway.store(WEBHOOKS_STORE);
  if (!store.loaded || store.error) {
    const notReady = await notReadyText(gateway);
    if (notReady !== undefined) {
      return { ok: false, problem: notReady, state: 'notReady' };
    }
    await store.ensure(signal);
  }
  if (signal.aborted) {
    return { ok: false, problem: cancelledText(), state: 'cancelled' };
  }
  if (!store.loaded) {
    return {
      ok: false,
      problem: store.error ? failureText(gateway, store.error, WEBHOOK_WORDS) : l10n.t('The webhook subscriptions of “{0}” could not be loaded.', gateway.name),
      state: 'failed',
    };
  }
  return { ok: true, items: store.items, version: store.version };
}
