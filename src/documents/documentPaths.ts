/**
 * Addresses of the read-only JSON documents: `page-gateway://<gateway>/<folder>/<name>.json`, or, for an item with a
 * title, `page-gateway://<gateway>/<folder>/<name>/<title> · <name>.json` so that the tab names the item
 * (`Landing Page 22 · pg_000022.json`). Identity is gateway, folder and name only (the title is what the tab shows);
 * paths end in `.json` so JSON language features apply; never the key. The same id on two gateways is two documents.
 * Pure.
 */
import { jsonText } from '../util/jsonText';
import { decodeSegment, encodeSegment } from '../util/segment';

export const SCHEME = 'page-gateway';

export interface DocumentAddress {
  /** The gateway's name (document addresses do not keep its case: look it up ignoring case). */
  readonly gateway: string;
  /** e.g. `page-groups`, `webhooks`, `status`. */
  readonly folder: string;
  /** e.g. the item's id. */
  readonly name: string;
  /** What the tab shows before the name (the item's title); not part of the document's identity. */
  readonly title?: string;
}

/** The longest title a tab shows (longer ones end with "…"). */
const MAX_TAB_TITLE = 60;

/**
 * The title as a file name part: one line, no path separators (a slash reads as a slash, U+2215), no control or
 * direction characters, no lone surrogates, at most MAX_TAB_TITLE characters. Empty when nothing readable is left.
 */
export function tabTitle(title: string): string {
  const clean = title
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/[/\\]/g, '\u2215')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_TAB_TITLE ? `${clean.slice(0, MAX_TAB_TITLE - 1).trimEnd()}…` : clean;
}

/** Whether two addresses are the same document (the title does not count). */
export function sameDocument(a: DocumentAddress, b: DocumentAddress): boolean {
  return a.gateway.toLowerCase() === b.gateway.toLowerCase() && a.folder === b.folder && a.name === b.name;
}

const FOLDER = /^[a-z][a-z0-9-]*$/;

export function documentPath(folder: string, name: string): string {
  if (!FOLDER.test(folder)) {
    throw new Error(`not a document folder: ${folder}`); // l10n-ignore: a programming error (folders are constants), never shown
  }
  return `/${folder}/${encodeSegment(name)}.json`;
}

/** The parts of a URI for `address` (the authority is the gateway's name as is; the URI encodes it). */
export function documentLocation(address: DocumentAddress): { authority: string; path: string } {
  const title = address.title === undefined ? '' : tabTitle(address.title);
  if (title === '' || title === address.name) {
    return { authority: address.gateway, path: documentPath(address.folder, address.name) };
  }
  const folderPath = documentPath(address.folder, address.name).replace(/\.json$/, '');
  // l10n-ignore: a file name (title and id), not a sentence
  return { authority: address.gateway, path: `${folderPath}/${title} · ${tabTitle(address.name)}.json` };
}

export function parseDocumentLocation(authority: string, path: string): DocumentAddress | undefined {
  const match = /^\/([a-z][a-z0-9-]*)\/([^/]+?)(?:\.json|\/([^/]+)\.json)$/.exec(path);
  if (!match || authority === '') {
    return undefined;
  }
  const [, folder, encoded, titled] = match as unknown as [string, string, string, string | undefined];
  const name = decodeSegment(encoded);
  if (name === undefined) {
    return undefined;
  }
  if (titled === undefined) {
    return { gateway: authority, folder, name };
  }
  const suffix = ` · ${tabTitle(name)}`;
  return { gateway: authority, folder, name, title: titled.endsWith(suffix) ? titled.slice(0, -suffix.length) : titled };
}

/**
 * JSON text with the editor's indentation (`tabSize` spaces, or a tab), written without recursion: a value nested
 * 100,000 deep opens like any other (indentation stops growing after `MAX_INDENTED_DEPTH` levels, see jsonText.ts).
 */
export function formatJson(value: unknown, indent: { readonly insertSpaces: boolean; readonly tabSize: number }): string {
  const unit = indent.insertSpaces ? ' '.repeat(Math.max(1, Math.min(8, indent.tabSize))) : '\t';
  return `${jsonText(value, { indent: unit }) ?? 'null'}\n`; // l10n-ignore: JSON text
}
