/**
 * The context keys that put the generic commands on every list view (package.json: `view in pageGateway.listViews`),
 * set from the features' lists whenever one joins or leaves: a new resource's view gets the menus without a `when`
 * edit.
 */
import { setContext } from '../ui/contextKey';
import type { ListView } from './listView';

/**
 * - `pageGateway.listViews`: every list view (Refresh, Copy as cURL, Export, Go to ID, Show Logs, Ctrl+C, F5);
 * - `pageGateway.searchableViews`: the views whose kind says what Search matches (`searchText`) and can be read to
 *   its end, by pages or whole (Search, Ctrl+F);
 * - `pageGateway.loadAllViews`: the views that offer Load All of their paged lists.
 */
export function setListViewKeys(lists: readonly ListView[]): void {
  setContext('pageGateway.listViews', lists.map((list) => list.viewId));
  setContext('pageGateway.searchableViews', lists.filter((list) => list.kind.searchText !== undefined && (list.kind.scan !== undefined || list.kind.ensureLoaded !== undefined)).map((list) => list.viewId));
  setContext('pageGateway.loadAllViews', lists.filter((list) => list.loadAllTargets !== undefined).map((list) => list.viewId));
}
