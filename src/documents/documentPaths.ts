/**
 * Paths of the read-only JSON documents. Readable (the tab title is the id), ending in `.json` so JSON language
 * features apply, and carrying identity only: never content, never the key. Pure.
 */

export const SCHEME = 'page-gateway';

export type DocumentTarget =
  | { readonly kind: 'pageGroup'; readonly id: string }
  | { readonly kind: 'statusGroup'; readonly status: string }
  | { readonly kind: 'unstatusedGroup' }
  | { readonly kind: 'webhook'; readonly id: string }
  /** An item without an id: only its snapshot can be shown. */
  | { readonly kind: 'snapshot'; readonly name: string };

const segment = (text: string): string => encodeURIComponent(text);

export function documentPath(target: DocumentTarget): string {
  switch (target.kind) {
    case 'pageGroup':
      return `/page-groups/${segment(target.id)}.json`;
    case 'statusGroup':
      return `/status/${segment(target.status)}.json`;
    case 'unstatusedGroup':
      return '/no-status/page-groups.json';
    case 'webhook':
      return `/webhooks/${segment(target.id)}.json`;
    case 'snapshot':
      return `/items/${segment(target.name)}.json`;
  }
}

export function parseDocumentPath(path: string): DocumentTarget | undefined {
  const match = /^\/(page-groups|status|no-status|webhooks|items)\/([^/]+)\.json$/.exec(path);
  if (!match) {
    return undefined;
  }
  const [, folder, encoded] = match as unknown as [string, string, string];
  let name: string;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  switch (folder) {
    case 'status':
      return { kind: 'statusGroup', status: name };
    case 'no-status':
      return name === 'page-groups' ? { kind: 'unstatusedGroup' } : undefined;
    case 'page-groups':
      return { kind: 'pageGroup', id: name };
    case 'webhooks':
      return { kind: 'webhook', id: name };
    default:
      return { kind: 'snapshot', name };
  }
}

/** JSON text with the editor's indentation (`tabSize` spaces, or a tab). */
export function formatJson(value: unknown, indent: { readonly insertSpaces: boolean; readonly tabSize: number }): string {
  const unit = indent.insertSpaces ? ' '.repeat(Math.max(1, Math.min(8, indent.tabSize))) : '\t';
  return `${JSON.stringify(value, null, unit)}\n`;
}
