/**
 * Deliveries as NDJSON, one object per line, everything needed to replay them: the request line, the headers in
 * order (names' case and repeats kept), the body, the handler's answer. Text that is valid UTF-8 is written as text;
 * anything else (a binary body, a header with non-UTF-8 bytes) as base64, said by `encoding`. Pure.
 */
import type { Delivery, ForwardOutcome, RawHeader } from './delivery';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes as `{ encoding: 'utf8', text }` when they are UTF-8, else `{ encoding: 'base64', base64 }`. */
export function encodedBytes(bytes: Buffer): { readonly encoding: 'utf8'; readonly text: string } | { readonly encoding: 'base64'; readonly base64: string } {
  try {
    return { encoding: 'utf8', text: UTF8.decode(bytes) };
  } catch {
    return { encoding: 'base64', base64: bytes.toString('base64') };
  }
}

/** A header value as received (one char per byte), decoded as UTF-8 when it is; else its bytes in base64. */
function encodedHeader([name, value]: RawHeader): Record<string, string> {
  const bytes = Buffer.from(value, 'latin1');
  const encoded = encodedBytes(bytes);
  return encoded.encoding === 'utf8' ? { name, value: encoded.text } : { name, base64: encoded.base64 };
}

function encodedForward(forward: ForwardOutcome): Record<string, unknown> {
  switch (forward.kind) {
    case 'answered':
      return {
        target: forward.target,
        status: forward.status,
        statusText: forward.statusText,
        ms: Math.round(forward.ms * 1000) / 1000,
        headers: forward.headers.map(encodedHeader),
        body: encodedBytes(forward.body),
        bodyBytes: forward.bodyBytes,
        cut: forward.cut,
      };
    case 'failed':
      return { target: forward.target, failed: forward.reason, detail: forward.detail, ms: Math.round(forward.ms * 1000) / 1000 };
    case 'skipped':
      return { target: forward.target, skipped: forward.reason };
    case 'pending':
      return { target: forward.target, pending: true };
  }
}

/** The delivery as one JSON object (no line break in it). */
export function deliveryRecord(delivery: Delivery, matches: readonly { readonly gateway: string; readonly subscription: string }[] = []): Record<string, unknown> {
  return {
    id: delivery.id,
    receivedAt: new Date(delivery.receivedAt).toISOString(),
    method: delivery.method,
    target: delivery.target,
    httpVersion: delivery.httpVersion,
    headers: delivery.headers.map(encodedHeader),
    body: encodedBytes(delivery.body),
    bodyBytes: delivery.bodyBytes,
    cut: delivery.cut,
    eventKind: delivery.eventKind ?? null,
    ...(delivery.replayOf === undefined ? {} : { replayOf: delivery.replayOf }),
    ...(matches.length === 0 ? {} : { subscriptions: matches }),
    ...(delivery.forward === undefined ? {} : { response: encodedForward(delivery.forward) }),
  };
}

/** One NDJSON line (ending in `\n`). */
export function ndjsonLine(delivery: Delivery, matches?: readonly { readonly gateway: string; readonly subscription: string }[]): string {
  return `${JSON.stringify(deliveryRecord(delivery, matches))}\n`;
}

/** The bytes a record's body or header stands for (the inverse of `encodedBytes`). */
export function decodedBytes(encoded: { readonly encoding?: string; readonly text?: string; readonly base64?: string }): Buffer {
  return encoded.encoding === 'base64' ? Buffer.from(encoded.base64 ?? '', 'base64') : Buffer.from(encoded.text ?? '', 'utf8');
}
