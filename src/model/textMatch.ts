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
