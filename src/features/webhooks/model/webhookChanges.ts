/**
 * What changed in a gateway's webhook list at the last refresh (manual or automatic): the list shown before a new list
 * landed is the baseline; the marks hold until the next list lands. The first list after a reset (or after the key
 * changed) has no baseline, so nothing is marked. A refresh that fails keeps the list and its marks.
 * A per-gateway store; watches the gateway's WEBHOOKS_STORE (create it before a refresh lands).
 */
import type { CheckedWebhook } from '../../../api/model';
import type { GatewayStore, StoreFactory } from '../../../gateway/gateway';
import { compareWithBaseline, noChanges, takeBaseline, type Baseline, type ItemChanges } from '../../../model/itemChanges';
import { webhookKey, WEBHOOKS_STORE, type WebhookList } from './webhookStore';

export class WebhookChanges implements GatewayStore {
  private shown: readonly CheckedWebhook[] | undefined;
  private baseline: Baseline<CheckedWebhook> | undefined;
  private wasLoading: boolean;
  private cached: { readonly version: number; readonly changes: ItemChanges<CheckedWebhook> } | undefined;
  private changeCount = 0;
  private readonly subscription: { dispose(): void };

  public constructor(private readonly list: WebhookList) {
    this.shown = list.loaded ? [...list.items] : undefined;
    this.wasLoading = list.loading;
    this.subscription = list.onDidChange(() => this.listChanged());
  }

  /** Increases whenever the marks may have changed. */
  public get version(): number {
    return this.changeCount;
  }

  /** Marks of the items shown now, and the subscriptions the last refresh removed. */
  public changes(): ItemChanges<CheckedWebhook> {
    if (this.baseline === undefined || !this.list.loaded) {
      return noChanges();
    }
    if (this.cached?.version !== this.changeCount) {
      this.cached = { version: this.changeCount, changes: compareWithBaseline(this.baseline, this.list.items, webhookKey, (item) => item.raw, true) };
    }
    return this.cached.changes;
  }

  public reset(): void {
    this.shown = undefined;
    this.baseline = undefined;
    this.cached = undefined;
    this.changeCount += 1;
  }

  public dispose(): void {
    this.subscription.dispose();
  }

  private listChanged(): void {
    if (!this.list.loaded) {
      this.reset();
      this.wasLoading = this.list.loading;
      return;
    }
    const landed = this.wasLoading && !this.list.loading && this.list.error === undefined;
    this.wasLoading = this.list.loading;
    if (landed) {
      // The list shown until now is what the new one is compared with (none after a reset: nothing is marked).
      this.baseline = this.shown === undefined ? undefined : takeBaseline(this.shown, webhookKey);
      this.shown = [...this.list.items];
      this.changeCount += 1;
    }
  }
}

export const WEBHOOK_CHANGES_STORE: StoreFactory<WebhookChanges> = {
  name: 'webhookChanges',
  create: (gateway) => new WebhookChanges(gateway.store(WEBHOOKS_STORE)),
};
