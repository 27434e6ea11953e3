/**
 * The continuation of a Find Page Groups call: an opaque token the model passes back to resume where a call stopped.
 * It holds the query, the status and, per gateway (by name), the epoch of its unfiltered chain and how many loaded
 * page groups were already examined. Never a URL, never a key. Pure: no `vscode`.
 */

/** Where a gateway's examination stopped. */
export interface GatewayPosition {
  /** The unfiltered chain's epoch then: when it changed (a refresh), the gateway starts again from the beginning. */
  readonly epoch: number;
  /** How many page groups of the gateway's loaded sequence were examined (see findPageGroups.ts). */
  readonly position: number;
}

export interface Continuation {
  readonly query: string;
  readonly status: string | undefined;
  /** By gateway name. */
  readonly positions: ReadonlyMap<string, GatewayPosition>;
}

const PREFIX = 'pgc1.';
/** A continuation longer than this is not one of ours. */
export const MAX_CONTINUATION_LENGTH = 4096;

export function encodeContinuation(continuation: Continuation): string {
  const body = {
    q: continuation.query,
    ...(continuation.status === undefined ? {} : { s: continuation.status }),
    g: [...continuation.positions].map(([name, at]) => [name, at.epoch, at.position]),
  };
  return PREFIX + Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The continuation in `text`, or undefined when it is not one this extension made (any shape, any length). */
export function decodeContinuation(text: string): Continuation | undefined {
  if (text.length > MAX_CONTINUATION_LENGTH || !text.startsWith(PREFIX)) {
    return undefined;
  }
  const encoded = text.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) {
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return undefined;
  }
  const { q, s, g } = body as Record<string, unknown>;
  if (typeof q !== 'string' || (s !== undefined && typeof s !== 'string') || !Array.isArray(g)) {
    return undefined;
  }
  const positions = new Map<string, GatewayPosition>();
  for (const entry of g as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) {
      return undefined;
    }
    const [name, epoch, position] = entry as unknown[];
    if (typeof name !== 'string' || !isCount(epoch) || !isCount(position) || positions.has(name)) {
      return undefined;
    }
    positions.set(name, { epoch, position });
  }
  return { query: q, status: s, positions };
}
