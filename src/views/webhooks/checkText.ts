/** The words for webhook check findings: a short reason for the row's description, a sentence for tooltips and lists. Pure. */
import { readableHost } from './webhookUrl';
import type { Finding } from './webhookChecks';

export interface FindingText {
  /** A few words, e.g. "plain http". */
  readonly short: string;
  /** One or two sentences (plain text). */
  readonly detail: string;
}

const PLACE: Record<Exclude<Extract<Finding, { kind: 'localTarget' }>['place']['kind'], 'tunnel'>, string> = {
  loopback: 'this machine',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  mdns: 'a .local (multicast DNS) name',
};

export function findingText(finding: Finding): FindingText {
  switch (finding.kind) {
    case 'plainHttp':
      return { short: 'plain http', detail: 'The URL uses plain http://: event payloads travel unencrypted and can be read or changed on the way.' };
    case 'notHttpUrl':
      return finding.reason === 'scheme'
        ? { short: 'not http(s)', detail: `The URL uses ${finding.scheme ?? 'another'}://; webhooks are delivered over http(s) only.` }
        : { short: 'not a URL', detail: 'The URL is not an absolute http(s) URL, so the gateway cannot deliver to it.' };
    case 'localTarget': {
      const host = readableHost(finding.host);
      const where = finding.place.kind === 'tunnel' ? `a ${finding.place.service} tunnel` : PLACE[finding.place.kind];
      return {
        short: finding.place.kind === 'tunnel' ? `${finding.place.service} tunnel` : 'local address',
        detail: `The URL points at ${where} (${host}) while the gateway is not local: probably left over from debugging.`,
      };
    }
    case 'duplicateDelivery': {
      const events = finding.events.map((e) => `${e.event} (${e.receivers}×)`).join(', ');
      const others = finding.others.join(', ') + (finding.sameUrl > finding.others.length ? ', …' : '');
      return {
        short: 'receives events twice',
        detail: `${finding.sameUrl + 1} active subscriptions have this URL; these events reach it more than once: ${events}. Shared with ${others}.`,
      };
    }
    case 'activeNoEvents':
      return { short: 'receives nothing', detail: 'Active, but its event list is empty: it receives nothing.' };
    case 'activeNullEvents':
      return {
        short: 'unclear what it receives',
        detail: 'Active with events: null. The API contract allows null but does not say what it means (all events, or none).',
      };
    case 'updatedBeforeCreated':
      return { short: 'updated before created', detail: `updatedAt (${finding.updatedAt}) is before createdAt (${finding.createdAt}).` };
    case 'contract':
      return { short: 'breaks the contract', detail: `Does not match the API contract: ${finding.problems.join('; ')}.` };
  }
}

/** The row's description part: the first finding's short reason, and how many more there are ("plain http +1"). */
export function findingsSummary(findings: readonly Finding[]): string | undefined {
  const first = findings[0];
  if (first === undefined) {
    return undefined;
  }
  return findings.length === 1 ? findingText(first).short : `${findingText(first).short} +${findings.length - 1}`;
}
