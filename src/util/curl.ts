/**
 * A request as a cURL command line for POSIX shells (sh, bash, zsh, dash). The key never goes in: the header carries
 * the placeholder `$PAGE_GATEWAY_API_KEY`, inside double quotes so the shell substitutes it as one word. The URL is
 * single-quoted, so nothing in it is expanded (`$`, backquotes, spaces, `*`, unicode stay as they are); a `'` inside it
 * becomes `'\''`. `--globoff`: curl reads `[1-1000]` and `{a,b}` in a URL as ranges and lists and would send one
 * request per value (each with the key); with it the URL is sent as it is. Pure.
 */

/** The environment variable the copied command reads the key from. */
export const API_KEY_VARIABLE = 'PAGE_GATEWAY_API_KEY';

/** The header as it appears in the command (the shell puts the key in place of the variable). */
export const API_KEY_HEADER = `x-api-key: $${API_KEY_VARIABLE}`; // l10n-ignore: an HTTP header in a shell command

/**
 * `text` as one word for a POSIX shell: `'…'`, each `'` written as `'\''`. A NUL character cannot be passed to a
 * program at all, so it is refused.
 */
export function shellQuote(text: string): string {
  if (text.includes('\u0000')) {
    throw new RangeError('a shell word cannot hold a NUL character'); // l10n-ignore: a programming error (URLs hold no NUL)
  }
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" '<url>'` for a GET of `url`. */
export function curlCommand(url: string): string {
  return `curl -sS --globoff -H "${API_KEY_HEADER}" ${shellQuote(url)}`; // l10n-ignore: a shell command
}

/**
 * The command for `request`: its GET, and when it is about one item of a list, a `jq` filter that picks that item
 * (`| jq --arg value 'wh_1' '.[] | select(.id == $value)'`; the value is passed as data, never as jq code).
 */
export function curlCommandFor(request: { readonly url: string; readonly select?: { readonly field: string; readonly value: string } }): string {
  const get = curlCommand(request.url);
  if (request.select === undefined) {
    return get;
  }
  const field = /^[A-Za-z_][A-Za-z0-9_]*$/.test(request.select.field) ? `.${request.select.field}` : `.[${JSON.stringify(request.select.field)}]`;
  return `${get} | jq --arg value ${shellQuote(request.select.value)} ${shellQuote(`.[] | select(${field} == $value)`)}`; // l10n-ignore: a shell command
}
