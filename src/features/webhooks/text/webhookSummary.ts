/** Webhook subscriptions as the tools return them: compact, with each one's check warnings, any URL password masked. Pure. */
import type { CheckedWebhook } from '../../../api/model';
import { withoutPassword } from '../../../text/urlText';
import { findingText } from './checkText';
import type { Finding } from '../model/webhookChecks';

export interface WebhookSummary {
  readonly id?: string;
  readonly url?: string;
  readonly events?: readonly string[] | null;
  readonly active?: boolean;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly gateway: string;
  /** The checks' warnings, one sentence each (absent when there are none). */
  readonly warnings?: readonly string[];
}

export function webhookSummary(item: CheckedWebhook, gateway: string, findings: readonly Finding[]): WebhookSummary {
  const v = item.value;
  return {
    id: v.id,
    url: v.url === undefined ? undefined : withoutPassword(v.url),
    events: v.events,
    active: v.active,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    gateway,
    ...(findings.length > 0 ? { warnings: findings.map((finding) => findingText(finding).detail) } : {}),
  };
}

export interface WebhookFilter {
  /** Only subscriptions whose events include it (case ignored). */
  readonly event: string | undefined;
  readonly active: boolean | undefined;
}

export function webhookMatches(item: CheckedWebhook, filter: WebhookFilter): boolean {
  const v = item.value;
  if (filter.active !== undefined && v.active !== filter.active) {
    return false;
  }
  if (filter.event !== undefined) {
    const wanted = filter.event.toLowerCase();
    return (v.events ?? []).some((event) => event.toLowerCase() === wanted);
  }
  return true;
}
