/**
 * Addresses of the read-only JSON documents: `page-gateway://<gateway>/<folder>/<name>.json`. Readable (the tab title
 * is the name), ending in `.json` so JSON language features apply, carrying identity only: never content, never the
 * key. The same id on two gateways is two documents. Pure.
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
  return { authority: address.gateway, path: documentPath(address.folder, address.name) };
}

export function parseDocumentLocation(authority: string, path: string): DocumentAddress | undefined {
  const match = /^\/([a-z][a-z0-9-]*)\/([^/]+)\.json$/.exec(path);
  if (!match || authority === '') {
    return undefined;
  }
  const [, folder, encoded] = match as unknown as [string, string, string];
  const name = decodeSegment(encoded);
  return name === undefined ? undefined : { gateway: authority, folder, name };
}

/**
 * JSON text with the editor's indentation (`tabSize` spaces, or a tab), written without recursion: a value nested
 * 100,000 deep opens like any other (indentation stops growing after `MAX_INDENTED_DEPTH` levels, see jsonText.ts).
 */
export function formatJson(value: unknown, indent: { readonly insertSpaces: boolean; readonly tabSize: number }): string {
  const unit = indent.insertSpaces ? ' '.repeat(Math.max(1, Math.min(8, indent.tabSize))) : '\t';
  return `${jsonText(value, { indent: unit }) ?? 'null'}\n`; // l10n-ignore: JSON text
}
