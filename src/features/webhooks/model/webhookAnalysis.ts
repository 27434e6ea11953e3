/**
 * The checks of a gateway's webhook list, computed once per loaded list (cached by the list's version) and shared by
 * the tree rows, the view's warning count, "Show Webhook Problems" and the hover. A per-gateway store; no requests.
 */
import type { CheckedWebhook } from '../../../api/model';
import type { GatewayStore, StoreFactory } from '../../../gateway/gateway';
import { runChecks, type CheckContext, type Finding } from './webhookChecks';
import { WEBHOOKS_STORE, type WebhookList } from '../webhookKind';

const NONE: readonly Finding[] = [];

export class WebhookAnalysis implements GatewayStore {
  private cached: { readonly version: number; readonly findings: ReadonlyMap<CheckedWebhook, readonly Finding[]>; readonly count: number } | undefined;

  public constructor(
    private readonly list: WebhookList,
    private readonly context: CheckContext,
  ) {}

  /** Subscriptions with findings (only those), for the items loaded now. */
  public findings(): ReadonlyMap<CheckedWebhook, readonly Finding[]> {
    return this.current().findings;
  }

  public findingsOf(item: CheckedWebhook): readonly Finding[] {
    return this.current().findings.get(item) ?? NONE;
  }

  /** How many findings the loaded list has in all. */
  public count(): number {
    return this.current().count;
  }

  public reset(): void {
    this.cached = undefined;
  }

  public dispose(): void {
    this.cached = undefined;
  }

  private current(): { readonly findings: ReadonlyMap<CheckedWebhook, readonly Finding[]>; readonly count: number } {
    const version = this.list.version;
    if (this.cached?.version !== version) {
      const findings = this.list.loaded ? runChecks(this.list.items, this.context) : new Map<CheckedWebhook, readonly Finding[]>();
      let count = 0;
      findings.forEach((list) => (count += list.length));
      this.cached = { version, findings, count };
    }
    return this.cached;
  }
}

export const WEBHOOK_ANALYSIS_STORE: StoreFactory<WebhookAnalysis> = {
  name: 'webhookAnalysis',
  create: (gateway) => new WebhookAnalysis(gateway.store(WEBHOOKS_STORE), { gatewayHost: new URL(gateway.base.href).hostname }),
};
