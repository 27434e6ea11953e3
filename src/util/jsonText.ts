/**
 * JSON text of a value parsed from a server answer, written without recursion: a value nested 100,000 deep is written
 * like any other (`JSON.stringify` throws "Maximum call stack size exceeded" at a few thousand levels). For JSON values
 * the text is the one `JSON.stringify(value, null, indent)` writes, except that indentation stops growing after
 * `MAX_INDENTED_DEPTH` levels (deeper values are written compactly on their line, so the text stays linear in the
 * value's size). Options sort object keys (a canonical form for comparing), map every string value, or stop after a
 * number of characters. Values JSON has no text for are written as `JSON.stringify` writes them (`undefined` in an
 * array as `null`, an object's `undefined` field left out, a top-level `undefined` as undefined). Pure.
 */

export interface JsonTextOptions {
  /** Indentation unit (e.g. two spaces or a tab); none: compact. */
  readonly indent?: string;
  /** Object keys in sorted order (UTF-16 code unit order) instead of their own order. */
  readonly sortKeys?: boolean;
  /** Applied to every string value (never to keys). */
  readonly mapString?: (text: string) => string;
  /** Stop once the text has at least this many characters (the text returned is then cut, and not JSON). */
  readonly maxChars?: number;
}

/** Levels of nesting that are indented; deeper values are written compactly. */
export const MAX_INDENTED_DEPTH = 64;

type Work = string | { readonly value: unknown; readonly depth: number };

/** The JSON text of `value`, or undefined when `JSON.stringify` would give undefined (undefined, a function, a symbol). */
export function jsonText(value: unknown, options: JsonTextOptions = {}): string | undefined {
  if (!hasText(value)) {
    return undefined;
  }
  const indent = options.indent ?? '';
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const parts: string[] = [];
  let length = 0;
  const emit = (text: string): void => {
    parts.push(text);
    length += text.length;
  };
  // Work is taken from the end: what is written first is pushed last.
  const stack: Work[] = [{ value, depth: 0 }];
  while (stack.length > 0 && length < maxChars) {
    const work = stack.pop() as Work;
    if (typeof work === 'string') {
      emit(work);
      continue;
    }
    const current = work.value;
    const depth = work.depth;
    if (typeof current === 'string') {
      emit(JSON.stringify(options.mapString ? options.mapString(current) : current));
      continue;
    }
    if (typeof current !== 'object' || current === null) {
      emit(scalarText(current));
      continue;
    }
    const pretty = indent !== '' && depth < MAX_INDENTED_DEPTH;
    const inner = pretty ? `\n${indent.repeat(depth + 1)}` : '';
    const outer = pretty ? `\n${indent.repeat(depth)}` : '';
    if (Array.isArray(current)) {
      if (current.length === 0) {
        emit('[]');
        continue;
      }
      emit('[');
      stack.push(`${outer}]`);
      for (let index = current.length - 1; index >= 0; index--) {
        const element: unknown = current[index];
        stack.push({ value: hasText(element) ? element : null, depth: depth + 1 });
        stack.push(index === 0 ? inner : `,${inner}`);
      }
      continue;
    }
    const record = current as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => hasText(record[key]));
    if (options.sortKeys) {
      keys.sort();
    }
    if (keys.length === 0) {
      emit('{}');
      continue;
    }
    emit('{');
    stack.push(`${outer}}`);
    const colon = pretty ? ': ' : ':';
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      stack.push({ value: record[key], depth: depth + 1 });
      stack.push(`${index === 0 ? inner : `,${inner}`}${JSON.stringify(key)}${colon}`);
    }
  }
  return parts.join('');
}

function hasText(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/** Numbers, booleans and null as JSON writes them (a non-finite number as `null`; a bigint as its digits). */
function scalarText(value: unknown): string {
  if (typeof value === 'bigint') {
    return value.toString();
  }
  return JSON.stringify(value) ?? 'null'; // l10n-ignore: JSON text
}
