/**
 * Deliveries as the inbox keeps them across a window reload: one JSON object a line, every field of a delivery with
 * its bodies in base64, read back into the same delivery. Reading never throws: a line that is not a delivery is
 * skipped; a forward that was still on its way is read back as failed (`interrupted`). Pure.
 */
import { EVENT_KINDS, type EventKind } from '../../../../api/model';
import type { BodyCut, Delivery, ForwardFailure, ForwardOutcome, RawHeader, Refusal, SkipReason } from './delivery';

const KINDS: ReadonlySet<string> = new Set(EVENT_KINDS);
const CUTS: ReadonlySet<string> = new Set(['none', 'tooLarge', 'timeout']);
const FAILURES: ReadonlySet<string> = new Set(['refused', 'timeout', 'unresolved', 'reset', 'invalidTarget', 'error', 'interrupted']);
const SKIPS: ReadonlySet<string> = new Set(['bodyCut', 'method', 'path', 'notConfirmed']);
const REFUSALS: ReadonlySet<string> = new Set(['host', 'busy', 'failed']);


function forwardJson(forward: ForwardOutcome): Record<string, unknown> {
  return forward.kind === 'answered' ? { ...forward, body: forward.body.toString('base64') } : { ...forward };
}

/** One line (no line break inside). */
export function persistedLine(delivery: Delivery): string {
  return `${JSON.stringify({
    ...delivery,
    body: delivery.body.toString('base64'),
    ...(delivery.forward === undefined ? {} : { forward: forwardJson(delivery.forward) }),
  })}\n`;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function headersOf(value: unknown): RawHeader[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const pairs: RawHeader[] = [];
  for (const pair of value) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      return undefined;
    }
    pairs.push([pair[0], pair[1]]);
  }
  return pairs;
}

function forwardOf(value: unknown): ForwardOutcome | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const target = str(value.target) ?? '';
  switch (value.kind) {
    case 'pending':
      return { kind: 'failed', target, reason: 'interrupted', detail: '', ms: 0 };
    case 'answered': {
      const headers = headersOf(value.headers);
      const status = num(value.status);
      if (headers === undefined || status === undefined) {
        return undefined;
      }
      const body = Buffer.from(str(value.body) ?? '', 'base64');
      return { kind: 'answered', target, status, statusText: str(value.statusText) ?? '', headers, body, bodyBytes: num(value.bodyBytes) ?? body.length, cut: value.cut === true, ms: num(value.ms) ?? 0 };
    }
    case 'failed':
      return FAILURES.has(String(value.reason)) ? { kind: 'failed', target, reason: value.reason as ForwardFailure, detail: str(value.detail) ?? '', ms: num(value.ms) ?? 0 } : undefined;
    case 'skipped':
      return SKIPS.has(String(value.reason)) ? { kind: 'skipped', target, reason: value.reason as SkipReason } : undefined;
    default:
      return undefined;
  }
}

/** The delivery a line holds, or undefined when it holds none. */
export function parsePersistedLine(line: string): Delivery | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(value)) {
    return undefined;
  }
  const id = num(value.id);
  const receivedAt = num(value.receivedAt);
  const method = str(value.method);
  const target = str(value.target);
  const headers = headersOf(value.headers);
  const cut = str(value.cut);
  if (id === undefined || !Number.isInteger(id) || id < 1 || receivedAt === undefined || method === undefined || target === undefined || headers === undefined || cut === undefined || !CUTS.has(cut)) {
    return undefined;
  }
  const body = Buffer.from(str(value.body) ?? '', 'base64');
  const forward = value.forward === undefined ? undefined : forwardOf(value.forward);
  const refused = isObject(value.refused) && REFUSALS.has(String(value.refused.reason)) ? ({ status: num(value.refused.status) ?? 0, reason: value.refused.reason, detail: str(value.refused.detail) ?? '' } as Refusal) : undefined;
  const eventKind = str(value.eventKind);
  return {
    id,
    receivedAt,
    method,
    target,
    httpVersion: str(value.httpVersion) ?? '1.1',
    headers,
    body,
    bodyBytes: num(value.bodyBytes) ?? body.length,
    cut: cut as BodyCut,
    eventKind: eventKind !== undefined && KINDS.has(eventKind) ? (eventKind as EventKind) : undefined,
    ...(num(value.replayOf) === undefined ? {} : { replayOf: num(value.replayOf) as number }),
    ...(str(value.remote) === undefined ? {} : { remote: str(value.remote) as string }),
    ...(forward === undefined ? {} : { forward }),
    ...(refused === undefined ? {} : { refused }),
    ...(value.bodyDropped === true ? { bodyDropped: true } : {}),
  };
}

/** The deliveries of a file's text, newest first as written; at most `max`. */
export function parsePersisted(text: string, max: number): Delivery[] {
  const deliveries: Delivery[] = [];
  for (const line of text.split('\n')) {
    if (deliveries.length >= max) {
      break;
    }
    const delivery = line.trim() === '' ? undefined : parsePersistedLine(line);
    if (delivery !== undefined) {
      deliveries.push(delivery);
    }
  }
  return deliveries;
}
