/**
 * The JSON a tool hands the model: always whole, valid JSON of any input, however deep or large. Values are copied
 * without recursion (a field nested 100,000 levels deep is fine); nesting deeper than a limit, arrays longer than a
 * limit and strings longer than a limit are cut, each cut replaced by a marker string that says what was left out;
 * every string that is a URL with a password has the password masked. `fitJson` finds the most generous limits under
 * which a value fits a budget. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { jsonText } from '../../util/jsonText';
import { withoutPassword } from '../../text/urlText';

export interface JsonLimits {
  readonly maxDepth: number;
  readonly maxArray: number;
  readonly maxString: number;
}

/** What a tool's list items are written with: generous, but a hostile field never floods the result. */
export const ITEM_LIMITS: JsonLimits = { maxDepth: 32, maxArray: 1000, maxString: 2000 };

/** From the most to the least generous: `fitJson` takes the first under which a value fits. */
const LADDER: readonly JsonLimits[] = [
  { maxDepth: 64, maxArray: Number.POSITIVE_INFINITY, maxString: Number.POSITIVE_INFINITY },
  { maxDepth: 32, maxArray: 200, maxString: 2000 },
  { maxDepth: 16, maxArray: 50, maxString: 500 },
  { maxDepth: 8, maxArray: 20, maxString: 200 },
  { maxDepth: 6, maxArray: 5, maxString: 80 },
  { maxDepth: 4, maxArray: 2, maxString: 40 },
  { maxDepth: 2, maxArray: 1, maxString: 20 },
];

// l10n-ignore: JSON text
const JSON_NULL = 'null';

const PASSWORD_LIKE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*:[^@/?#\s]*@/i;

function maskString(text: string): string {
  return PASSWORD_LIKE.test(text) ? withoutPassword(text) : text;
}

interface Copy {
  readonly value: unknown;
  /** Whether something was cut. */
  readonly cut: boolean;
}

type Slot = { readonly parent: unknown[] | Record<string, unknown>; readonly key: number | string; readonly value: unknown; readonly depth: number };

/** A copy of `value` within `limits` (passwords masked), made without recursion. */
export function pruneForModel(value: unknown, limits: JsonLimits): Copy {
  let cut = false;
  const holder: Record<string, unknown> = {};
  const stack: Slot[] = [{ parent: holder, key: 'v', value, depth: 0 }];
  const put = (slot: Slot, copy: unknown): void => {
    if (Array.isArray(slot.parent)) {
      slot.parent[slot.key as number] = copy;
    } else {
      // defineProperty: a "__proto__" field stays a field.
      Object.defineProperty(slot.parent, slot.key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  };
  while (stack.length > 0) {
    const slot = stack.pop() as Slot;
    const current = slot.value;
    if (typeof current === 'string') {
      const masked = maskString(current);
      if (masked.length > limits.maxString) {
        cut = true;
        put(slot, `${masked.slice(0, limits.maxString)}… ${l10n.t('(cut: {0} characters in all)', String(masked.length))}`);
      } else {
        put(slot, masked);
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) {
      put(slot, current);
      continue;
    }
    if (slot.depth >= limits.maxDepth) {
      cut = true;
      put(slot, Array.isArray(current) ? l10n.t('(cut: an array nested deeper than {0} levels)', String(limits.maxDepth)) : l10n.t('(cut: an object nested deeper than {0} levels)', String(limits.maxDepth)));
      continue;
    }
    if (Array.isArray(current)) {
      const kept = Math.min(current.length, limits.maxArray);
      const copy: unknown[] = new Array<unknown>(kept);
      put(slot, copy);
      for (let index = kept - 1; index >= 0; index -= 1) {
        stack.push({ parent: copy, key: index, value: current[index] === undefined ? null : current[index], depth: slot.depth + 1 });
      }
      if (kept < current.length) {
        cut = true;
        copy.push(l10n.t('(cut: {0} more elements)', String(current.length - kept)));
      }
      continue;
    }
    const record = current as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    put(slot, copy);
    const own = Object.keys(record).filter((key) => record[key] !== undefined);
    // More fields than an array may hold elements are cut the same way.
    const keys = own.slice(0, limits.maxArray);
    // Keys first in their order (the copy's fields are defined now), values filled in by the stack.
    for (const key of keys) {
      if (record[key] !== undefined) {
        Object.defineProperty(copy, key, { value: null, enumerable: true, writable: true, configurable: true });
      }
    }
    if (keys.length < own.length) {
      cut = true;
      Object.defineProperty(copy, l10n.t('(cut)'), { value: l10n.t('{0} more fields', String(own.length - keys.length)), enumerable: true, writable: true, configurable: true });
    }
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      stack.push({ parent: copy, key, value: record[key], depth: slot.depth + 1 });
    }
  }
  return { value: holder.v, cut };
}

/** Compact JSON of `value` within `limits`: always valid JSON ("null" for a value JSON has no text for). */
export function modelJson(value: unknown, limits: JsonLimits = ITEM_LIMITS): string {
  return jsonText(pruneForModel(value, limits).value) ?? JSON_NULL;
}

export interface FittedJson {
  readonly json: string;
  /** Whether limits had to cut something for it to fit. */
  readonly cut: boolean;
}

/**
 * The JSON of `value` under the most generous limits of the ladder whose text, together with `overhead` characters,
 * fits `budget`; the least generous when none does (it is still whole JSON).
 */
export function fitJson(value: unknown, budget: number, overhead = 0): FittedJson {
  let last: FittedJson = { json: JSON_NULL, cut: true };
  for (const limits of LADDER) {
    const copy = pruneForModel(value, limits);
    const json = jsonText(copy.value) ?? JSON_NULL;
    last = { json, cut: copy.cut };
    if (json.length + overhead <= budget) {
      return last;
    }
  }
  return last;
}

/** Characters a row of a list may take as JSON: a hostile field never keeps a row from fitting an answer. */
export const MAX_ROW_CHARS = 1500;

/** A copy of one row of a list whose JSON takes at most `maxChars` (the most generous limits that allow it). */
export function boundedRow(value: unknown, maxChars = MAX_ROW_CHARS): unknown {
  for (const limits of LADDER) {
    const copy = pruneForModel(value, limits).value;
    if ((jsonText(copy) ?? JSON_NULL).length <= maxChars) {
      return copy;
    }
  }
  return pruneForModel(value, LADDER[LADDER.length - 1] as JsonLimits).value;
}

/** Whether two JSON values are equal (object keys in any order), compared without recursion. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) {
      continue;
    }
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) {
      if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y)) {
        continue;
      }
      return false;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) {
        return false;
      }
      x.forEach((element, index) => stack.push([element, y[index]]));
      continue;
    }
    const rx = x as Record<string, unknown>;
    const ry = y as Record<string, unknown>;
    const kx = Object.keys(rx).filter((key) => rx[key] !== undefined);
    const ky = Object.keys(ry).filter((key) => ry[key] !== undefined);
    if (kx.length !== ky.length) {
      return false;
    }
    for (const key of kx) {
      if (!Object.prototype.hasOwnProperty.call(ry, key)) {
        return false;
      }
      stack.push([rx[key], ry[key]]);
    }
  }
  return true;
}
