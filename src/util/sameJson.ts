/**
 * Whether two values parsed from JSON are the same JSON, object keys in any order: what comparing their canonical texts
 * (keys sorted) says, without writing any text. Two JSON values that differ at one place (same keys and indexes down
 * to it) have different texts, so the first difference answers. Iterative, so a value nested 100,000 deep compares like any other.
 * Answers undefined where the values hold something JSON.parse never makes (undefined, a function, a class instance, a
 * number that is not finite): the caller compares those some other way. Pure.
 */

/** true: the same JSON; false: different JSON; undefined: not only JSON values, so not decided here. */
export function sameJson(a: unknown, b: unknown): boolean | undefined {
  const left: unknown[] = [a];
  const right: unknown[] = [b];
  while (left.length > 0) {
    const x = left.pop();
    const y = right.pop();
    if (isLeaf(x) && isLeaf(y)) {
      // -0 and 0 are the same text ("0"); JSON has no NaN.
      if (x !== y) {
        return false;
      }
      continue;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) {
        // Every element has a text (a hole or undefined writes as null): lengths that differ are texts that differ.
        return false;
      }
      for (let i = 0; i < x.length; i++) {
        left.push(x[i]);
        right.push(y[i]);
      }
      continue;
    }
    if (isPlainObject(x) && isPlainObject(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length || !keys.every((key) => Object.prototype.hasOwnProperty.call(y, key))) {
        // An `undefined` field has no text: {a: 1, b: undefined} writes as {a: 1}. Not decided here.
        if (!allJson(Object.values(x)) || !allJson(Object.values(y))) {
          return undefined;
        }
        return false;
      }
      for (const key of keys) {
        left.push(x[key]);
        right.push(y[key]);
      }
      continue;
    }
    if (!isJson(x) || !isJson(y)) {
      return undefined;
    }
    // Two JSON values of different types (a string and an object, an array and a number…): their texts differ
    // wherever the rest differs or not.
    return false;
  }
  return true;
}

function isLeaf(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Whether the value is of a JSON type at its top (its contents are looked at when compared). */
function isJson(value: unknown): boolean {
  return isLeaf(value) || Array.isArray(value) || isPlainObject(value);
}

function allJson(values: readonly unknown[]): boolean {
  return values.every(isJson);
}
