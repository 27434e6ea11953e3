/**
 * Continuations of the agent's tools: an opaque token the model passes back unchanged to resume a call where it
 * stopped. It names the tool it belongs to and carries that tool's own small JSON body (its input as understood, and
 * per gateway where it stopped). Never a URL, never a key. A token another tool made, or any other text, decodes to
 * undefined. Pure: no `vscode`.
 */

const PREFIX = 'pgc2.';
/** A continuation longer than this is not one of ours. */
export const MAX_CONTINUATION_LENGTH = 8192;

export type ContinuationBody = Readonly<Record<string, unknown>>;

export function encodeContinuation(tool: string, body: ContinuationBody): string {
  return PREFIX + Buffer.from(JSON.stringify({ ...body, tool }), 'utf8').toString('base64url');
}

/** The body of a continuation `tool` made, or undefined when `text` is not one (any shape, any length). */
export function decodeContinuation(text: string, tool: string): ContinuationBody | undefined {
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
  if (typeof body !== 'object' || body === null || Array.isArray(body) || (body as Record<string, unknown>).tool !== tool) {
    return undefined;
  }
  return body as ContinuationBody;
}

/** Where one gateway stopped: the version of the list it was reading then (a refresh changes it) and a position in it. */
export interface GatewayPosition {
  readonly version: number;
  readonly position: number;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Positions by gateway name, as a body field: `[[name, version, position], …]`. */
export function positionsField(positions: ReadonlyMap<string, GatewayPosition>): unknown[] {
  return [...positions].map(([name, at]) => [name, at.version, at.position]);
}

/** The positions of a body field, or undefined when it is not one `positionsField` wrote. */
export function readPositions(field: unknown): Map<string, GatewayPosition> | undefined {
  if (!Array.isArray(field)) {
    return undefined;
  }
  const positions = new Map<string, GatewayPosition>();
  for (const entry of field as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) {
      return undefined;
    }
    const [name, version, position] = entry as unknown[];
    if (typeof name !== 'string' || !isCount(version) || !isCount(position) || positions.has(name)) {
      return undefined;
    }
    positions.set(name, { version, position });
  }
  return positions;
}
