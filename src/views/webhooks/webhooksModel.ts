/** The webhook subscriptions list as one single-page chain (same merge, stale-drop and dedupe rules as page groups). */
import type { CheckedWebhook } from '../../api/model';
import { CursorChain } from '../../api/paging';

export type ListWebhooks = (signal: AbortSignal) => Promise<readonly CheckedWebhook[]>;

export function webhookKey(item: CheckedWebhook): string | undefined {
  return item.value.id;
}

export function createWebhooksChain(list: ListWebhooks): CursorChain<CheckedWebhook> {
  return new CursorChain<CheckedWebhook>(async (_request, signal) => ({ items: await list(signal), hasMore: false }), webhookKey);
}
