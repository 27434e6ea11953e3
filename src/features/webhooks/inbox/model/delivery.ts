/**
 * A delivery as the inbox received it: the request line, the headers as sent (names' case, order and repeats kept),
 * the body bytes (cut at the size limit, and then marked), and what the handler answered when it was forwarded.
 * Deliveries are immutable: a new answer replaces the record (documents and rows compare by identity). Pure.
 */
import type { EventKind } from '../../../../api/model';

/** A header as it came on the wire: the name as written, the value as Node decodes it (latin1: one char per byte). */
export type RawHeader = readonly [name: string, value: string];

/** Why a body is not whole: over `maxBodyBytes`, or the sender stopped sending before the timeout. */
export type BodyCut = 'none' | 'tooLarge' | 'timeout';

/** Why a forward or replay got no answer. */
/** `interrupted`: the window was reloaded while the forward was on its way. */
export type ForwardFailure = 'refused' | 'timeout' | 'unresolved' | 'reset' | 'invalidTarget' | 'error' | 'interrupted';

export type ForwardOutcome =
  /** Being sent to the handler. */
  | { readonly kind: 'pending'; readonly target: string }
  /** The handler answered (any status, redirects included: they are recorded, not followed). */
  | {
      readonly kind: 'answered';
      readonly target: string;
      readonly status: number;
      readonly statusText: string;
      readonly headers: readonly RawHeader[];
      readonly body: Buffer;
      /** Bytes the handler sent (more than `body.length` when cut). */
      readonly bodyBytes: number;
      readonly cut: boolean;
      /** From the first byte sent to the end of the answer. */
      readonly ms: number;
    }
  /** No answer: `reason` says why, `detail` is the system's error code or message. */
  | { readonly kind: 'failed'; readonly target: string; readonly reason: ForwardFailure; readonly detail: string; readonly ms: number }
  /**
   * Not sent: the body was cut (the handler would not get the bytes the sender sent), the method is not one forwarded,
   * the path would leave the handler's path, or forwarding to that host is not confirmed yet.
   */
  | { readonly kind: 'skipped'; readonly target: string; readonly reason: SkipReason };

export type SkipReason = 'bodyCut' | 'method' | 'path' | 'notConfirmed';

/**
 * The inbox answered the sender itself with an error, without keeping or forwarding the delivery: a `Host` that is not
 * the inbox's address (421), no room within the byte budget (503), or recording failed (500).
 */
export interface Refusal {
  readonly status: number;
  readonly reason: 'host' | 'busy' | 'failed';
  /** The Host given, or the error's message. */
  readonly detail: string;
}

export interface Delivery {
  /** 1, 2, 3… in the order received in this window (replays get their own). */
  readonly id: number;
  /** Epoch milliseconds. */
  readonly receivedAt: number;
  readonly method: string;
  /** The request target as sent: path and query (`/hooks/pages?x=1`). */
  readonly target: string;
  readonly httpVersion: string;
  readonly headers: readonly RawHeader[];
  readonly body: Buffer;
  /** Bytes the sender sent (more than `body.length` when cut). */
  readonly bodyBytes: number;
  readonly cut: BodyCut;
  /** The first of the contract's event kinds found as a string value in a JSON body. */
  readonly eventKind: EventKind | undefined;
  /** The delivery this one replays. */
  readonly replayOf?: number;
  /** Where the sender connected from (`127.0.0.1:51234`); absent for replays. */
  readonly remote?: string;
  /** The handler's answer; absent when the delivery was not forwarded. */
  readonly forward?: ForwardOutcome;
  /** Set when the inbox answered with an error itself (see Refusal). */
  readonly refused?: Refusal;
  /** The body (and the handler's answer body) was dropped to stay within the inbox's byte budget. */
  readonly bodyDropped?: boolean;
}

/** Bytes of a delivery's bodies held in memory (its body and its handler's answer body). */
export function heldBytes(delivery: Pick<Delivery, 'body' | 'forward'>): number {
  return delivery.body.length + (delivery.forward?.kind === 'answered' ? delivery.forward.body.length : 0);
}

/** The first value of header `name` (case-insensitive). */
export function headerValue(headers: readonly RawHeader[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}

/** The path of a request target, without its query (`/hooks/pages` of `/hooks/pages?x=1`); '/' for `*` or garbage. */
export function targetPath(target: string): string {
  if (target.startsWith('/')) {
    const end = target.search(/[?#]/);
    return end < 0 ? target : target.slice(0, end);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return '/';
  }
}

/** The path and query of a request target (absolute-form targets reduced to them); '/' for `*` or garbage. */
export function targetPathAndQuery(target: string): string {
  if (target.startsWith('/')) {
    const hash = target.indexOf('#');
    return hash < 0 ? target : target.slice(0, hash);
  }
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}
