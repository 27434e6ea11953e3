/**
 * The words of the Webhook Inbox: a delivery's row (time, method and path, event kind, size, the handler's answer),
 * its tooltip and its document. Server-sent text (paths, headers, bodies) is shown as data: unsafe characters as
 * visible escapes, Markdown escaped, labels cut. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { formatBytes, formatNumber } from '../../../../l10n/numbers';
import { locale } from '../../../../l10n/locale';
import { displayText, visibleText } from '../../../../text/displayText';
import { escapeMarkdown, fieldLines } from '../../../../text/markdown';
import type { Delivery, ForwardOutcome, Refusal } from '../model/delivery';
import { targetPath } from '../model/delivery';
import { parseJsonBody } from '../model/eventKind';
import { encodedBytes } from '../model/ndjson';

/** A matched subscription as rows and documents name it. */
export interface MatchName {
  readonly gateway: string;
  readonly id: string;
  readonly active: boolean;
}

/** A URL with its password (and user name) shown as `***`; text that is not a URL as it is. */
export function maskedUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.username === '' && url.password === '') {
      return text;
    }
    url.username = '***';
    url.password = '';
    return url.href;
  } catch {
    return text.replace(/\/\/[^/@\s]*@/, '//***@');
  }
}

/** `14:02:03`, in the editor's language. */
export function clockTime(epochMs: number): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(epochMs);
}

/**
 * What tells deliveries apart, first: the event kind (`form.submitted`), else the path (`/hooks/pages?x=1`, with the
 * method when it is not POST). Time and status go in the description (a narrow side bar cuts the end of a label).
 */
export function deliveryLabel(delivery: Delivery): string {
  if (delivery.eventKind !== undefined) {
    return delivery.eventKind;
  }
  const method = delivery.method.toUpperCase() === 'POST' ? '' : `${displayText(delivery.method, 16)} `;
  return `${method}${displayText(delivery.target, 100)}`;
}

/** Why the inbox answered a request itself: `421 · Host evil.example not allowed`. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'host':
      return l10n.t('{0} · Host {1} is not this inbox\'s address', String(refusal.status), displayText(refusal.detail || '-', 60));
    case 'busy':
      return l10n.t('{0} · over the byte budget', String(refusal.status));
    case 'failed':
      return l10n.t('{0} · could not be recorded ({1})', String(refusal.status), displayText(refusal.detail, 60));
  }
}

/** A delivery's tab title: `form.submitted 14:02:03`, or `/hooks/pages 14:02:03` when the body names no event kind. */
export function deliveryTabTitle(delivery: Pick<Delivery, 'eventKind' | 'target' | 'receivedAt'>): string {
  const what = delivery.eventKind ?? displayText(delivery.target.split('?')[0] ?? delivery.target, 40);
  return `${what} ${clockTime(delivery.receivedAt)}`;
}

/** The event kind, or "unknown". */
export function eventKindText(delivery: Delivery): string {
  return delivery.eventKind ?? l10n.t({ message: 'unknown', comment: 'the event kind of a delivery whose body names none' });
}

/** `200 · 35 ms`, `500 · 12 ms`, `connection refused`, `forwarding…`. */
export function outcomeText(forward: ForwardOutcome): string {
  switch (forward.kind) {
    case 'pending':
      return l10n.t('forwarding…');
    case 'answered':
      return l10n.t({ message: '{0} · {1} ms', args: [String(forward.status), formatNumber(Math.round(forward.ms))], comment: 'the handler answered status {0} in {1} milliseconds' });
    case 'skipped':
      switch (forward.reason) {
        case 'bodyCut':
          return l10n.t('not forwarded: body cut');
        case 'method':
          return l10n.t('405 · method not forwarded');
        case 'path':
          return l10n.t('400 · path leaves the handler\'s path');
        case 'notConfirmed':
          return l10n.t('503 · forwarding to this host not confirmed');
      }
      break;
    case 'failed':
      switch (forward.reason) {
        case 'refused':
          return l10n.t('connection refused');
        case 'timeout':
          return l10n.t('timed out');
        case 'unresolved':
          return l10n.t('host not found');
        case 'reset':
          return l10n.t('connection reset');
        case 'invalidTarget':
          return l10n.t('invalid handler URL');
        case 'error':
          return l10n.t('failed ({0})', displayText(forward.detail, 40));
        case 'interrupted':
          return l10n.t('interrupted by a window reload');
      }
  }
}

/** What the body's size says: `1.2 KiB`, `1 MiB of 3 MiB (cut)`, `timed out after 12 bytes`, `body dropped`. */
export function sizeText(delivery: Delivery): string {
  if (delivery.bodyDropped === true) {
    return l10n.t('{0}, body dropped', formatBytes(delivery.bodyBytes));
  }
  switch (delivery.cut) {
    case 'none':
      return formatBytes(delivery.bodyBytes);
    case 'tooLarge':
      return l10n.t('{0} of {1} (cut)', formatBytes(delivery.body.length), formatBytes(delivery.bodyBytes));
    case 'timeout':
      return l10n.t('sender timed out after {0}', formatBytes(delivery.bodyBytes));
  }
}

/** `wh_0001 (prod)`; several: the first and how many more. */
export function matchesText(matches: readonly MatchName[], multipleGateways: boolean): string | undefined {
  const first = matches[0];
  if (first === undefined) {
    return undefined;
  }
  const name = multipleGateways ? l10n.t({ message: '{0} on {1}', args: [displayText(first.id, 40), displayText(first.gateway, 40)], comment: 'a subscription id on a gateway' }) : displayText(first.id, 40);
  return matches.length === 1 ? name : l10n.t({ message: '{0} +{1}', args: [name, formatNumber(matches.length - 1)], comment: 'the first matched subscription, then how many more' });
}

/** The row's description: time, replay mark, the status (the inbox's refusal or the handler's answer), size, the subscription. */
export function deliveryDescription(delivery: Delivery, matches: readonly MatchName[], multipleGateways: boolean): string {
  return [
    clockTime(delivery.receivedAt),
    delivery.replayOf === undefined ? undefined : l10n.t('replay'),
    delivery.refused !== undefined ? refusalText(delivery.refused) : delivery.forward === undefined ? undefined : outcomeText(delivery.forward),
    delivery.eventKind === undefined ? undefined : `${displayText(delivery.method, 16)} ${displayText(targetPath(delivery.target), 60)}`,
    sizeText(delivery),
    matchesText(matches, multipleGateways),
  ]
    .filter((part): part is string => part !== undefined)
    .join(' · ');
}

/** Markdown: the request, what it matched, the answer (every server string escaped). */
export function deliveryTooltip(delivery: Delivery, matches: readonly MatchName[]): string {
  const lines = fieldLines([
    [l10n.t('Request'), `${delivery.method} ${delivery.target} HTTP/${delivery.httpVersion}`], // l10n-ignore: an HTTP request line
    [l10n.t('Received'), new Date(delivery.receivedAt).toISOString()],
    [l10n.t('From'), delivery.remote],
    [l10n.t('Event kind'), eventKindText(delivery)],
    [l10n.t('Body'), sizeText(delivery)],
    [l10n.t('Replay of'), delivery.replayOf === undefined ? undefined : `#${delivery.replayOf}`],
    [l10n.t('Subscriptions'), matches.length === 0 ? l10n.t('none loaded with this path') : matches.map((m) => `${m.id} (${m.gateway}${m.active ? '' : `, ${l10n.t('inactive')}`})`).join(', ')],
    [l10n.t('Handler'), delivery.forward === undefined ? undefined : `${delivery.forward.target} → ${outcomeText(delivery.forward)}`],
    [l10n.t('Refused'), delivery.refused === undefined ? undefined : refusalText(delivery.refused)],
  ]);
  return `${lines}\n\n${escapeMarkdown(l10n.t('Click to open the delivery as a read-only document.'))}`;
}

/** A body for the document: parsed JSON when it is, text when it is UTF-8, else base64 (said so). */
function documentBody(body: Buffer): unknown {
  if (body.length === 0) {
    return null;
  }
  const json = parseJsonBody(body);
  if (json !== undefined) {
    try {
      // Too deep to write back as JSON (JSON.stringify recurses): shown as text below.
      JSON.stringify(json.value);
      return json.value;
    } catch {
      // fall through
    }
  }
  const encoded = encodedBytes(body);
  return encoded.encoding === 'utf8' ? encoded.text : { base64: encoded.base64 };
}

/** Headers as `Name: value` lines, in order (values decoded as UTF-8 when they are). */
function headerLines(headers: Delivery['headers']): string[] {
  return headers.map(([name, value]) => {
    const decoded = encodedBytes(Buffer.from(value, 'latin1'));
    return `${name}: ${decoded.encoding === 'utf8' ? decoded.text : value}`;
  });
}

function responseDocument(forward: ForwardOutcome): Record<string, unknown> {
  switch (forward.kind) {
    case 'answered':
      return {
        url: forward.target,
        status: `${forward.status} ${forward.statusText}`.trim(),
        time: l10n.t('{0} ms', formatNumber(Math.round(forward.ms))),
        headers: headerLines(forward.headers),
        body: documentBody(forward.body),
        ...(forward.cut ? { note: l10n.t('The answer was cut: {0} of {1} kept.', formatBytes(forward.body.length), formatBytes(forward.bodyBytes)) } : {}),
      };
    default:
      return { url: forward.target, outcome: outcomeText(forward), ...(forward.kind === 'failed' ? { detail: forward.detail } : {}) };
  }
}

/** The delivery's document (a JSON value): request line, headers, body, and the handler's answer. */
export function deliveryDocument(delivery: Delivery, matches: readonly MatchName[]): Record<string, unknown> {
  const note =
    delivery.bodyDropped === true
      ? l10n.t('The body was dropped to keep the inbox within its byte budget (pageGateway.webhookInbox.maxTotalBytes); {0} had arrived.', formatBytes(delivery.bodyBytes))
      : delivery.cut === 'tooLarge'
      ? l10n.t('The body was cut at the size limit: {0} of {1} kept.', formatBytes(delivery.body.length), formatBytes(delivery.bodyBytes))
      : delivery.cut === 'timeout'
        ? l10n.t('The sender stopped sending before the timeout: this is what arrived ({0}).', formatBytes(delivery.bodyBytes))
        : undefined;
  return {
    request: `${delivery.method} ${delivery.target} HTTP/${delivery.httpVersion}`, // l10n-ignore: an HTTP request line
    receivedAt: new Date(delivery.receivedAt).toISOString(),
    ...(delivery.remote === undefined ? {} : { from: delivery.remote }),
    eventKind: delivery.eventKind ?? null,
    ...(delivery.replayOf === undefined ? {} : { replayOf: delivery.replayOf }),
    subscriptions: matches.map((m) => ({ id: m.id, gateway: m.gateway, active: m.active })),
    headers: headerLines(delivery.headers),
    body: documentBody(delivery.body),
    ...(note === undefined ? {} : { note }),
    ...(delivery.forward === undefined ? {} : { response: responseDocument(delivery.forward) }),
    ...(delivery.refused === undefined ? {} : { refused: refusalText(delivery.refused) }),
  };
}

/** JSON text with every character that could hide or reorder text written as a `\uXXXX` escape (the same JSON value). */
export function visibleJson(text: string): string {
  // Line breaks and tabs outside strings are the layout (inside strings JSON already escapes them).
  return text
    .split(/([\n\t])/)
    .map((part) => (part === '\n' || part === '\t' ? part : visibleText(part)))
    .join('');
}
