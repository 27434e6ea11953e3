/**
 * What a feature's tree gives the generic commands: one resource's rows on every gateway. Refresh, Copy as cURL,
 * Export, Ctrl+C, Reveal and Go to ID work on any `ListView` and never ask which resource it shows; the rows
 * themselves say what they can do (`TreeNode.loadMore`, `TreeNode.request`, `TreeNode.exportPlan`).
 */
import type * as vscode from 'vscode';
import type { ApiRequest } from '../api/apiRequest';
import type { Gateway } from '../gateway/gateway';
import type { ExportChoice } from '../model/exportPlan';
import type { LoadAllTarget } from '../model/loadAllTarget';
import type { ItemRef, ResourceKind } from '../model/resource';
import type { TreeNode } from './gatewayTree';
import type { RevealableView } from './treeReveal';

/** A request with the words that name it in a picker ("Page groups: draft, first page"). */
export interface LabelledRequest {
  /** May start with a `$(codicon)`. */
  readonly label: string;
  readonly request: ApiRequest;
}

export interface ListView extends RevealableView {
  /** The resource the view lists. */
  readonly kind: ResourceKind<unknown>;
  readonly viewId: string;
  /** Rows were added, changed or removed (open documents and the id index follow). */
  readonly onDidChangeTreeData: vscode.Event<unknown>;
  /** Whether `node` is a row of this view (a generic command run on a row acts on the list that owns it). */
  owns(node: TreeNode): boolean;
  /** Back to the first page: of the list `node` belongs to, or (no such row) of every list of the gateway in this view. */
  reload(gateway: Gateway, node?: TreeNode): Promise<void>;
  /** The request the view sends first on `gateway` (its title's Copy as cURL). */
  viewRequest(gateway: Gateway): ApiRequest | undefined;
  /** The requests of this view on `gateway` a user can copy as cURL from the palette. */
  requests(gateway: Gateway): readonly LabelledRequest[];
  /** The lists of this view on `gateway` that Export… offers from the palette (a promise: loaded with the export). */
  exports(gateway: Gateway, several: boolean): Promise<readonly ExportChoice[]>;
  /**
   * The paged lists of this view on `gateway` that Load All offers from the palette or the view's title (e.g. each
   * status of page groups); absent when the view has no paged list.
   */
  loadAllTargets?(gateway: Gateway): readonly LoadAllTarget[];
  /** Shows the list Load All is about to load (e.g. expands its row), before the notification starts. */
  willLoadAll?(target: LoadAllTarget): void;
  /** Why Load All cannot run on `node`, a row of this view without a `loadAll` (e.g. a group no request filters). */
  whyNoLoadAll?(node: TreeNode): string | undefined;
}

/** What a feature's tree provider offers every list: its rows' changes, an item's row, the request it sends first. */
export interface ListTreeProvider {
  readonly onDidChangeTreeData: vscode.Event<unknown>;
  owns(node: TreeNode): boolean;
  nodeFor(ref: ItemRef): TreeNode | undefined;
  viewRequest(gateway: Gateway): ApiRequest | undefined;
}

/** The part of a feature's `ListView` that comes straight from its kind, tree view and provider. */
export function treeListView(
  kind: ResourceKind<unknown>,
  viewId: string,
  view: vscode.TreeView<TreeNode>,
  provider: ListTreeProvider,
): Pick<ListView, 'kind' | 'viewId' | 'view' | 'onDidChangeTreeData' | 'owns' | 'nodeFor' | 'viewRequest'> {
  return {
    kind,
    viewId,
    view,
    onDidChangeTreeData: provider.onDidChangeTreeData,
    owns: (node) => provider.owns(node),
    nodeFor: (ref) => provider.nodeFor(ref),
    viewRequest: (gateway) => provider.viewRequest(gateway),
  };
}
