/** The words for webhook check findings: a short reason for the row's description, a sentence for tooltips and lists. Pure. */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../l10n/numbers';
import { itemProblemText } from '../../../text/itemProblemText';
import { readableHost } from '../model/webhookUrl';
import type { Finding } from '../model/webhookChecks';

export interface FindingText {
  /** A few words, e.g. "plain http". */
  readonly short: string;
  /** One or two sentences (plain text). */
  readonly detail: string;
}

type LocalTarget = Extract<Finding, { kind: 'localTarget' }>;

/** The sentence of a target on this machine, a local network or a tunnel. */
function localTargetDetail(finding: LocalTarget): string {
  const host = readableHost(finding.host);
  switch (finding.place.kind) {
    case 'loopback':
      return l10n.t('The URL points at this machine ({0}) while the gateway is not local: probably left over from debugging.', host);
    case 'private':
      return l10n.t('The URL points at a private network address ({0}) while the gateway is not local: probably left over from debugging.', host);
    case 'linkLocal':
      return l10n.t('The URL points at a link-local address ({0}) while the gateway is not local: probably left over from debugging.', host);
    case 'mdns':
      return l10n.t('The URL points at a .local (multicast DNS) name ({0}) while the gateway is not local: probably left over from debugging.', host);
    case 'tunnel':
      return l10n.t('The URL points at a {0} tunnel ({1}) while the gateway is not local: probably left over from debugging.', finding.place.service, host);
  }
}

export function findingText(finding: Finding): FindingText {
  switch (finding.kind) {
    case 'plainHttp':
      return { short: l10n.t('plain http'), detail: l10n.t('The URL uses plain http://: event payloads travel unencrypted and can be read or changed on the way.') };
    case 'notHttpUrl':
      return finding.reason === 'scheme'
        ? { short: l10n.t('not http(s)'), detail: l10n.t('The URL uses {0}; webhooks are delivered over http(s) only.', `${finding.scheme ?? '?'}://`) }
        : { short: l10n.t('not a URL'), detail: l10n.t('The URL is not an absolute http(s) URL, so the gateway cannot deliver to it.') };
    case 'localTarget':
      return {
        short: finding.place.kind === 'tunnel' ? l10n.t({ message: '{0} tunnel', args: [finding.place.service], comment: '{0} is a tunnel service, e.g. ngrok' }) : l10n.t('local address'),
        detail: localTargetDetail(finding),
      };
    case 'duplicateDelivery': {
      const events = finding.events.map((e) => l10n.t({ message: '{0} ({1}×)', args: [e.event, formatNumber(e.receivers)], comment: 'an event kind and how many subscriptions of one URL receive it' })).join(', ');
      const others = finding.others.map((id) => (id === '' ? l10n.t('(no id)') : id)).join(', ') + (finding.sameUrl > finding.others.length ? ', …' : '');
      return {
        short: l10n.t('receives events twice'),
        detail: l10n.t(
          '{0} active subscriptions have this URL; these events reach it more than once: {1}. Shared with {2}.',
          formatNumber(finding.sameUrl + 1),
          events,
          others,
        ),
      };
    }
    case 'activeNoEvents':
      return { short: l10n.t('receives nothing'), detail: l10n.t('Active, but its event list is empty: it receives nothing.') };
    case 'updatedBeforeCreated':
      return { short: l10n.t('updated before created'), detail: l10n.t('{0} ({1}) is before {2} ({3}).', 'updatedAt', finding.updatedAt, 'createdAt', finding.createdAt) };
    case 'deliveredWhileInactive':
      return {
        short: l10n.t('inactive, yet delivered'),
        detail:
          finding.events.length === 0
            ? l10n.t('Inactive, yet the Webhook Inbox received deliveries for its URL: is another subscription sending them, or is it not as inactive as listed?')
            : l10n.t('Inactive, yet the Webhook Inbox received {0} for its URL: is another subscription sending them, or is it not as inactive as listed?', finding.events.join(', ')),
      };
    case 'contract':
      return { short: l10n.t('breaks the contract'), detail: l10n.t('Does not match the API contract: {0}.', finding.problems.map(itemProblemText).join('; ')) };
  }
}

/** The row's description part: the first finding's short reason, and how many more there are ("plain http +1"). */
export function findingsSummary(findings: readonly Finding[]): string | undefined {
  const first = findings[0];
  if (first === undefined) {
    return undefined;
  }
  return findings.length === 1
    ? findingText(first).short
    : l10n.t({ message: '{0} +{1}', args: [findingText(first).short, formatNumber(findings.length - 1)], comment: 'the first finding, then how many more: "plain http +1"' });
}
