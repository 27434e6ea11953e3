/**
 * The checks of a gateway's webhook list, computed once per loaded list (cached by the list's version) and shared by
 * the tree rows, the view's warning count, "Show Webhook Problems" and the hover. A per-gateway store; no requests.
 */
import type { CheckedWebhook } from '../../../api/model';
import type { Gateway, GatewayStore, StoreFactory } from '../../../gateway/gateway';
import { runChecks, type CheckContext, type Finding } from './webhookChecks';
import { WEBHOOKS_STORE, type WebhookList } from './webhookStore';

const NONE: readonly Finding[] = [];

/** Findings that come from outside the list (the Webhook Inbox's deliveries), with a version that changes with them. */
export interface ExtraFindings {
  readonly version: () => number;
  findingsOf(gateway: Gateway, item: CheckedWebhook): readonly Finding[];
}

/**
 * Where findings from another source join the analysis: one object per webhooks feature (it creates it and hands it
 * to the inbox), not a module variable, so two windows' features or two tests never see each other's.
 */
export class ExtraFindingSources {
  private source: ExtraFindings | undefined;

  /** Adds findings from `source` to every gateway's analysis; the returned function removes them. */
  public add(source: ExtraFindings): () => void {
    this.source = source;
    return () => {
      if (this.source === source) {
        this.source = undefined;
      }
    };
  }

  public current(): ExtraFindings | undefined {
    return this.source;
  }
}

export class WebhookAnalysis implements GatewayStore {
  private cached: { readonly version: string; readonly findings: ReadonlyMap<CheckedWebhook, readonly Finding[]>; readonly count: number } | undefined;

  public constructor(
    private readonly list: WebhookList,
    private readonly context: CheckContext,
    private readonly gateway?: Gateway,
    private readonly extra?: ExtraFindingSources,
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
    const source = this.extra?.current();
    const gateway = this.gateway;
    const version = `${this.list.version}/${source?.version() ?? ''}`;
    if (this.cached?.version !== version) {
      const findings = this.list.loaded ? runChecks(this.list.items, this.context) : new Map<CheckedWebhook, readonly Finding[]>();
      if (source !== undefined && gateway !== undefined && this.list.loaded) {
        for (const item of this.list.items) {
          const more = source.findingsOf(gateway, item);
          if (more.length > 0) {
            findings.set(item, [...(findings.get(item) ?? []), ...more]);
          }
        }
      }
      let count = 0;
      findings.forEach((list) => (count += list.length));
      this.cached = { version, findings, count };
    }
    return this.cached;
  }
}

/** The analysis store of a webhooks feature, whose findings from elsewhere come from `extra`. */
export function webhookAnalysisStore(extra: ExtraFindingSources): StoreFactory<WebhookAnalysis> {
  return {
    name: 'webhookAnalysis',
    create: (gateway) => new WebhookAnalysis(gateway.store(WEBHOOKS_STORE), { gatewayHost: new URL(gateway.base.href).hostname }, gateway, extra),
  };
}
