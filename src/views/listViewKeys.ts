/**
 * The context keys that put the generic commands on every list view (package.json: `view in pageGateway.listViews`),
 * set from the features' lists whenever one joins or leaves: a new resource's view gets the menus without a `when`
 * edit.
 */
import { setContext } from '../ui/contextKey';
import type { ListView } from './listView';

/**
 * - `pageGateway.listViews`: every list view (Refresh, Copy as cURL, Export, Go to ID, Show Logs, Ctrl+C, F5);
 * - `pageGateway.searchableViews`: the views of a paged list, which Search scans (Search, Ctrl+F);
 * - `pageGateway.loadAllViews`: the views that offer Load All of their paged lists.
 */
export function setListViewKeys(lists: readonly ListView[]): void {
  setContext('pageGateway.listViews', lists.map((list) => list.viewId));
  setContext('pageGateway.searchableViews', lists.filter((list) => list.kind.scan !== undefined).map((list) => list.viewId));
  setContext('pageGateway.loadAllViews', lists.filter((list) => list.loadAllTargets !== undefined).map((list) => list.viewId));
}
