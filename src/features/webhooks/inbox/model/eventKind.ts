/**
 * The event kind of a delivery: the contract leaves the payload unspecified, so the inbox looks for any of the six
 * event kinds as a string value anywhere in a JSON body, nearest the top first (a `type` or `event` field wins over an
 * event kind quoted deep in the payload). Bounded work on any input: at most MAX_VISITED values are looked at. Pure.
 */
import { EVENT_KINDS, type EventKind } from '../../../../api/model';

const KINDS: ReadonlySet<string> = new Set(EVENT_KINDS);

/** Values looked at, at most (a hostile body of millions of values costs no more). */
export const MAX_VISITED = 100_000;

/** The body as JSON, or undefined when it is not UTF-8 JSON (a UTF-8 byte order mark is allowed). */
export function parseJsonBody(body: Buffer): { readonly value: unknown } | undefined {
  if (body.length === 0) {
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return undefined;
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The first event kind found (breadth first) in a JSON value. */
export function eventKindOf(value: unknown): EventKind | undefined {
  let level: unknown[] = [value];
  let visited = 0;
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const item of level) {
      visited += 1;
      if (visited > MAX_VISITED) {
        return undefined;
      }
      if (typeof item === 'string') {
        if (KINDS.has(item)) {
          return item as EventKind;
        }
      } else if (typeof item === 'object' && item !== null) {
        // One value at a time: spreading a 300,000-element array into push() overflows the stack.
        const values = Array.isArray(item) ? (item as unknown[]) : Object.values(item);
        for (let i = 0; i < values.length && next.length + visited <= MAX_VISITED; i += 1) {
          next.push(values[i]);
        }
      }
    }
    level = next;
  }
  return undefined;
}

/** The event kind of a body (undefined when it is not JSON or names none). Never throws. */
export function detectEventKind(body: Buffer): EventKind | undefined {
  try {
    const parsed = parseJsonBody(body);
    return parsed === undefined ? undefined : eventKindOf(parsed.value);
  } catch {
    return undefined;
  }
}
