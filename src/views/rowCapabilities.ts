/**
 * What a row can do, said to the manifest: a row's context value is its name followed by capability tokens, e.g.
 * `pageGateway.pageGroup +item +json +curl`, and package.json's menus ask for a capability
 * (`viewItem =~ /\+item\b/`), never for a resource's name. A new resource's rows get the menus of what they can do.
 */

/**
 * - `item`: one item (Open as JSON, Copy ID, Copy Link, Select for Compare, Compare with Selected);
 * - `json`: a document of its own (Open as JSON on a group row);
 * - `curl`: the request behind it (Copy as cURL);
 * - `export`: a list to export (Export…);
 * - `loadAll`: a paged list with pages left (Load All);
 * - `refresh`: a list to load again from its first page (Refresh);
 * - `search`: a gateway's searchable list (Search…);
 * - `url`: an item with a URL of its own (Copy URL).
 */
export type RowCapability = 'item' | 'json' | 'curl' | 'export' | 'loadAll' | 'refresh' | 'search' | 'url';

/** `pageGateway.<name>` and its capabilities, each as ` +capability`, in a fixed order (the menus match either way). */
export function rowContextValue(name: string, capabilities: Iterable<RowCapability | false | undefined>): string {
  const tokens = [...new Set([...capabilities].filter((c): c is RowCapability => typeof c === 'string'))].sort();
  return [`pageGateway.${name}`, ...tokens.map((token) => `+${token}`)].join(' ');
}
