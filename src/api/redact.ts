/**
 * Keeps the API key out of everything the client shows: log lines, error messages, facts, details. The key is only
 * ever sent in the `x-api-key` header; a gateway could still echo it back (a Location header, an error body, a
 * header), literally or encoded, so every server-controlled text passes through `redactSecret` on its way to a
 * message, a detail or a log line.
 *
 * Rules:
 * - every encoding of the key that can appear is removed, of the key and of its UTF-8 bytes read as Latin-1 (a header
 *   value written in UTF-8, as Node's HTTP client reads it): literal; percent-encoded (encodeURIComponent, encodeURI,
 *   form encoding, and the WHATWG URL serializer's re-encoding of a path, query, fragment or user info, as
 *   `new URL(location).href` does), with upper- or lower-case hex; JSON-escaped (with or without `\/` and `\uXXXX`
 *   escapes); base64 and base64url of its UTF-8 and Latin-1 bytes, padded or not, and also inside a longer base64
 *   text (e.g. `Basic base64("user:key")`), where only its bytes' stable characters are known;
 * - redact first, then cut: an excerpt never shows the start of a key that straddles the cut;
 * - the replacement never re-creates a form of the key (with a key like `red`, the marker `[redacted]` would):
 *   then a marker without it is used, and as a last resort the matches are deleted until none is left.
 */

export const REDACTED = '[redacted]';

/** Markers tried in order; the first that leaves no form of the key in the result is used. */
const MARKERS: readonly string[] = [REDACTED, '***', '###', '~~~', '%%%', '^^^'];

/** The longest marker, plus one for the ellipsis: how much a cut result can exceed `maxChars`. */
export const MAX_MARKER_CHARS = REDACTED.length + 1;

/** Base64 characters of a key inside a longer base64 text are only used from this length on (fewer match noise). */
const MIN_BASE64_CORE = 6;

const ELLIPSIS = '…';

/**
 * `text` with every form of `secret` replaced by `[redacted]` (see the rules above). With `maxChars`, the result is
 * then cut to about `maxChars` characters, plus `…` when something was left out: a marker that starts before the cut
 * is kept whole, so the result has at most `maxChars + MAX_MARKER_CHARS` characters. An empty secret changes nothing.
 */
export function redactSecret(text: string, secret: string, maxChars?: number): string {
  const forms = secretForms(secret);
  const limit = maxChars === undefined ? undefined : Math.max(0, Math.floor(maxChars));
  const inputEnd = limit === undefined ? text.length : safeCut(text, Math.min(text.length, limit));
  const masked = forms.length === 0 ? { out: text.slice(0, inputEnd), marker: '', consumed: inputEnd } : mask(text, forms, inputEnd);
  let out = masked.out;
  if (limit === undefined) {
    return out;
  }
  const leftOut = masked.consumed < text.length;
  let cut = false;
  if (out.length > limit) {
    // A marker that starts before the cut is kept whole: the reader sees that a key was there.
    const marker = masked.marker === '' ? -1 : out.lastIndexOf(masked.marker, limit - 1);
    const at = marker !== -1 && marker + masked.marker.length > limit ? marker + masked.marker.length : safeCut(out, limit);
    cut = at < out.length;
    out = out.slice(0, at);
  }
  if (leftOut || cut) {
    const withEllipsis = `${out}${ELLIPSIS}`;
    return containsAny(withEllipsis, forms) ? out : withEllipsis;
  }
  return out;
}

/**
 * The start of a body as text for a detail: decodes only as many bytes as the excerpt can need, then `redactSecret`.
 * `undefined` for an empty body.
 */
export function redactBodyExcerpt(body: Uint8Array, secret: string, maxChars: number): string | undefined {
  if (body.length === 0) {
    return undefined;
  }
  const longest = secretForms(secret)[0]?.length ?? 0;
  // UTF-8 needs at most 4 bytes per character (and an invalid byte decodes to one character), so this window holds at
  // least the characters shown plus the longest form: a key starting inside the excerpt is complete in it. The one
  // extra character tells whether the body goes on.
  const windowBytes = (maxChars + longest + 1) * 4;
  const text = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, windowBytes)).toString('utf8');
  return redactSecret(text, secret, maxChars);
}

/** A copy of `headers` with `x-api-key` shown as `[redacted]` and every value passed through `redactSecret`. */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secret: string,
  maxChars?: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    out[name] = name.toLowerCase() === 'x-api-key' ? REDACTED : redactSecret(headers[name], secret, maxChars);
  }
  return out;
}

/** A pure cache (module state on purpose): the forms of the last secret redacted, derived from it alone. */
let cachedSecret: string | undefined;
let cachedForms: readonly string[] = [];

/** Every form of `secret` that is redacted, longest first (empty for an empty secret). Exported for tests. */
export function secretForms(secret: string): readonly string[] {
  if (secret === '') {
    return [];
  }
  if (secret !== cachedSecret) {
    cachedForms = computeForms(secret);
    cachedSecret = secret;
  }
  return cachedForms;
}

function computeForms(secret: string): readonly string[] {
  const forms = new Set<string>();
  const add = (form: string | undefined): void => {
    if (form !== undefined && form !== '') {
      forms.add(form);
    }
  };
  // The key as text, and its UTF-8 bytes read as Latin-1: how Node's HTTP client decodes a header value the server wrote in UTF-8.
  const mojibake = Buffer.from(secret, 'utf8').toString('latin1');
  for (const text of mojibake === secret ? [secret] : [secret, mojibake]) {
    add(text);
    for (const encoded of percentForms(text)) {
      add(encoded);
      add(encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
    }
    for (const escaped of jsonForms(text)) {
      add(escaped);
    }
    for (const bytes of byteForms(text)) {
      for (const encoded of base64Forms(bytes)) {
        add(encoded);
      }
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Percent-encodings a URL or a form can carry the key in. */
function percentForms(secret: string): string[] {
  const forms: string[] = [];
  const attempt = (encode: () => string): void => {
    try {
      forms.push(encode());
    } catch {
      // A lone surrogate cannot be percent-encoded; the other forms still apply.
    }
  };
  attempt(() => encodeURIComponent(secret));
  attempt(() => encodeURI(secret));
  attempt(() => new URLSearchParams([['k', secret]]).toString().slice(2));
  // What the WHATWG URL serializer makes of the key in each part (as `new URL(location).href` re-encodes it).
  attempt(() => {
    const url = new URL('http://h/');
    url.pathname = `/${secret}`;
    return url.pathname.slice(1);
  });
  attempt(() => {
    const url = new URL('http://h/');
    url.search = `?${secret}`;
    return url.search.slice(1);
  });
  attempt(() => {
    const url = new URL('http://h/');
    url.hash = `#${secret}`;
    return url.hash.slice(1);
  });
  attempt(() => {
    const url = new URL('http://h/');
    url.username = secret;
    return url.username;
  });
  return forms;
}

/** The key inside a JSON string: as JSON.stringify writes it, and with the escapes other encoders use. */
function jsonForms(secret: string): string[] {
  const forms: string[] = [];
  for (const asciiOnly of [false, true]) {
    for (const slash of [false, true]) {
      for (const upper of [false, true]) {
        let text = JSON.stringify(secret).slice(1, -1);
        if (asciiOnly) {
          // eslint-disable-next-line no-control-regex
          text = text.replace(/[^\u0000-\u007e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        }
        if (slash) {
          text = text.replace(/\//g, '\\/');
        }
        if (upper) {
          text = text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`);
        }
        forms.push(text);
      }
    }
  }
  return forms;
}

/** The bytes the key can travel as: UTF-8, and Latin-1 (how a header value is written) when that differs. */
function byteForms(secret: string): Buffer[] {
  const forms = [Buffer.from(secret, 'utf8')];
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u00ff]*$/.test(secret) && /[\u0080-\u00ff]/.test(secret)) {
    forms.push(Buffer.from(secret, 'latin1'));
  }
  return forms;
}

/**
 * Base64 and base64url of `bytes` alone (padded and not), and the characters that encode only `bytes` when they sit
 * at each of the three alignments inside a longer base64 text.
 */
function base64Forms(bytes: Buffer): string[] {
  const standard = bytes.toString('base64');
  const forms = [standard, standard.replace(/=+$/, '')];
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    // Character i covers bits [6i, 6i + 6); it depends on the key alone when those bits lie within the key's bytes.
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = shifted.slice(first, end);
    if (core.length >= MIN_BASE64_CORE) {
      forms.push(core);
    }
  }
  return [...forms, ...forms.map(toBase64Url)];
}

function toBase64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * `text[0, inputEnd)` with every occurrence of a form masked. An occurrence that starts before `inputEnd` is masked
 * whole, so only the part of `text` up to `inputEnd` plus the longest form is searched.
 */
function mask(text: string, forms: readonly string[], inputEnd: number): Masked {
  const window = text.slice(0, Math.min(text.length, inputEnd + forms[0].length));
  const spans = matches(window, forms);
  // How much of `text` the result stands for: a span that starts before `inputEnd` is masked whole.
  let consumed = inputEnd;
  for (const [start, stop] of spans) {
    if (start < inputEnd) {
      consumed = Math.max(consumed, stop);
    }
  }
  if (spans.length === 0) {
    return { out: window.slice(0, inputEnd), marker: '', consumed };
  }
  for (const marker of MARKERS) {
    const out = replaceSpans(window, spans, inputEnd, marker);
    if (!containsAny(out, forms)) {
      return { out, marker, consumed };
    }
  }
  // A key that every marker re-creates (or that the text around a marker completes): delete the matches until none is
  // left. Each pass removes at least one character, so this ends.
  let out = replaceSpans(window, spans, inputEnd, '');
  while (containsAny(out, forms)) {
    out = replaceSpans(out, matches(out, forms), out.length, '');
  }
  return { out, marker: '', consumed };
}

interface Masked {
  readonly out: string;
  /** The marker used for the matches ('' when there were none, or they were deleted). */
  readonly marker: string;
  /** The end, in `text`, of what `out` stands for. */
  readonly consumed: number;
}

/** Start and end of every occurrence of every form (overlapping ones included), merged into disjoint sorted spans. */
function matches(text: string, forms: readonly string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      spans.push([at, at + form.length]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span[0] <= last[1]) {
      last[1] = Math.max(last[1], span[1]);
    } else {
      merged.push([span[0], span[1]]);
    }
  }
  return merged;
}

/** `text[0, end)` with each span that starts before `end` replaced by `marker` (the span whole, even past `end`). */
function replaceSpans(text: string, spans: ReadonlyArray<readonly [number, number]>, end: number, marker: string): string {
  let out = '';
  let at = 0;
  for (const [start, stop] of spans) {
    if (start >= end) {
      break;
    }
    out += text.slice(at, start) + marker;
    at = stop;
  }
  if (at < end) {
    out += text.slice(at, end);
  }
  return out;
}

function containsAny(text: string, forms: readonly string[]): boolean {
  for (const form of forms) {
    if (text.includes(form)) {
      return true;
    }
  }
  return false;
}

/** `n`, or `n - 1` when cutting at `n` would split a surrogate pair. */
function safeCut(text: string, n: number): number {
  const code = text.charCodeAt(n - 1);
  return n > 0 && code >= 0xd800 && code <= 0xdbff ? n - 1 : n;
}
