/** URLs in text the user reads: never with a password (`https://user:***@host/…`). Pure. */

export const HIDDEN_PASSWORD = '***';

/** The URL with its password replaced by `***`; the text as it is when it is not a URL or has no password. */
export function withoutPassword(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not a URL for the parser, but "scheme://user:secret@host" may still be in it.
    return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, `$1:${HIDDEN_PASSWORD}@`);
  }
  if (url.password === '') {
    return text;
  }
  url.password = HIDDEN_PASSWORD;
  return url.href;
}
