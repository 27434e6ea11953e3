/**
 * The search rules, without any `vscode` import: case- and accent-insensitive substring matching over a few fields,
 * and ids found inside pasted text (a URL, a JSON line, a log line). Pure.
 */

/** Combining marks. One object for every call: esbuild writes a `\p` literal as `new RegExp(…)` at its place. */
const MARKS = /\p{M}+/gu;
// eslint-disable-next-line no-control-regex
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** Lower case, accents removed (NFD without combining marks), so "Café" matches "cafe". */
export function normalizeText(text: string): string {
  // ASCII has nothing to decompose and no marks, and lower-cases alike in every locale: most ids, names and titles.
  if (ASCII_ONLY.test(text)) {
    return text.toLowerCase();
  }
  return text.normalize('NFD').replace(MARKS, '').toLocaleLowerCase('en');
}

export interface PreparedQuery {
  /** What was typed, trimmed. */
  readonly raw: string;
  /** Normalized, for substring matching. */
  readonly text: string;
}

export function prepareQuery(typed: string): PreparedQuery {
  const raw = typed.trim();
  return { raw, text: normalizeText(raw) };
}

const ID_CHAR = /[\p{L}\p{N}_-]/u;

/**
 * Whether `token` stands in `text` on its own: not as part of a longer word (`pg_1` is in `see /pg_1?x`, not in
 * `pg_10`). Both are compared as given.
 */
export function containsToken(text: string, token: string): boolean {
  if (token === '') {
    return false;
  }
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    const before = at === 0 ? '' : text.charAt(at - 1);
    const after = text.charAt(at + token.length);
    if ((before === '' || !ID_CHAR.test(before)) && (after === '' || !ID_CHAR.test(after))) {
      return true;
    }
  }
  return false;
}

/**
 * Whether an item matches: the query is a substring of one of its fields (normalized), or the item's id stands in the
 * query as a token (an id pasted with text around it, or inside a URL).
 */
export function matches(query: PreparedQuery, haystack: string, id: string | undefined): boolean {
  if (query.text === '') {
    return true;
  }
  if (haystack.includes(query.text)) {
    return true;
  }
  return id !== undefined && id.length >= 3 && containsToken(query.raw, id);
}

/**
 * The searchable text of an item's fields: normalized, joined by a separator no query can contain. Joined first and
 * normalized once: the same text as each field normalized on its own (U+0000 neither decomposes, nor combines, nor is
 * skipped by the final-sigma rule of lower-casing; a property test holds it to that), one call instead of five per
 * page group (the cost is in docs/performance.md).
 */
export function haystackOf(fields: ReadonlyArray<string | undefined>): string {
  return normalizeText(fields.filter((field) => field !== undefined && field !== '').join('\u0000'));
}

/** Candidate ids in pasted text: runs of id characters (and dots), longest first. */
export function idCandidates(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/[\p{L}\p{N}_.:-]+/gu)) {
    const token = match[0].replace(/^[.:-]+|[.:-]+$/g, '');
    if (token.length >= 3) {
      found.add(token);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** Above this many (start, end) pairs a pasted text's tokens are not listed: `tokenTest` tests each id instead. */
const MAX_TOKEN_PAIRS = 4096;

/**
 * `(id) => containsToken(text, id)` for many ids against one text, with the same answers. When the text is short
 * enough, every substring that could stand as a token (it starts where the text or a non-id character precedes it and
 * ends where the text ends or a non-id character follows) is listed once, so that each id costs one set lookup.
 */
export function tokenTest(text: string): (token: string) => boolean {
  const tokens = tokensIn(text);
  if (tokens === undefined) {
    return (token) => containsToken(text, token);
  }
  // The lengths the tokens have: most ids are told apart by their length alone.
  const lengths = new Uint8Array(text.length + 1);
  for (const token of tokens) {
    lengths[token.length] = 1;
  }
  return (token) => token.length <= text.length && lengths[token.length] === 1 && tokens.has(token);
}

/**
 * Every substring of `text` that could stand in it as a token (`containsToken(text, token)` is
 * `tokensIn(text).has(token)` for a token that is not empty), or undefined when the text is too long to list them.
 */
export function tokensIn(text: string): ReadonlySet<string> | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 0; at <= text.length; at += 1) {
    if (at < text.length && (at === 0 || !ID_CHAR.test(text.charAt(at - 1)))) {
      starts.push(at);
    }
    if (at > 0 && (at === text.length || !ID_CHAR.test(text.charAt(at)))) {
      ends.push(at);
    }
  }
  if (starts.length * ends.length > MAX_TOKEN_PAIRS) {
    return undefined;
  }
  const tokens = new Set<string>();
  for (const start of starts) {
    for (const end of ends) {
      if (end > start) {
        tokens.add(text.slice(start, end));
      }
    }
  }
  return tokens;
}

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * `(field) => normalizeText(field).includes(query.text)` for a non-empty query, with the same answers and without
 * normalizing most fields: an ASCII query is looked for with one case-insensitive regular expression (outside the
 * `u` flag it only matches ASCII letters to ASCII letters, and an ASCII occurrence stays one after normalization);
 * only a field with other characters, where that finds nothing, is normalized. A query with other characters
 * cannot be inside an ASCII field.
 */
export function fieldTest(query: PreparedQuery): (field: string) => boolean {
  const wanted = query.text;
  if (NON_ASCII.test(wanted)) {
    return (field) => NON_ASCII.test(field) && normalizeText(field).includes(wanted);
  }
  const pattern = new RegExp(escapeRegExp(wanted), 'i');
  return (field) => pattern.test(field) || (NON_ASCII.test(field) && normalizeText(field).includes(wanted));
}

/** Distinct values of one field whose answers a matcher remembers (tenants, brands, event kinds repeat across items). */
const MAX_REMEMBERED = 1024;

/**
 * Whether an item matches a query by the rules above (`matches` over `haystackOf(fieldsOf(value))`, with
 * `idOf(value)` as the id), field by field and without a normalized haystack per item: made once per query, then
 * asked for many items. Answers are remembered per field position for values that repeat (a tenant shared by many
 * items is tested once); a position that shows more than MAX_REMEMBERED distinct values (ids, titles) is no longer
 * remembered, only tested.
 */
export function fieldsMatcher<T>(
  query: PreparedQuery,
  fieldsOf: (value: T) => ReadonlyArray<string | undefined>,
  idOf: (value: T) => string | undefined,
): (value: T) => boolean {
  if (query.text === '') {
    return () => true;
  }
  const test = fieldTest(query);
  /** Per field position: the answers so far, or `null` once it showed too many distinct values. */
  const remembered: Array<Map<string, boolean> | null | undefined> = [];
  const answer = (at: number, field: string): boolean => {
    let memo = remembered[at];
    if (memo === null) {
      return test(field);
    }
    const known = memo?.get(field);
    if (known !== undefined) {
      return known;
    }
    const result = test(field);
    if (memo === undefined) {
      memo = new Map();
      remembered[at] = memo;
    }
    if (memo.size < MAX_REMEMBERED) {
      memo.set(field, result);
    } else {
      remembered[at] = null;
    }
    return result;
  };
  const standsIn = tokenTest(query.raw);
  return (value) => {
    const fields = fieldsOf(value);
    for (let at = 0; at < fields.length; at += 1) {
      const field = fields[at];
      if (field !== undefined && field !== '' && answer(at, field)) {
        return true;
      }
    }
    const id = idOf(value);
    return id !== undefined && id.length >= 3 && standsIn(id);
  };
}
