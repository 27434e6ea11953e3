/**
 * The feature of a resource with one list per gateway, made from its kind and its `ListSource` alone (`chainList` for
 * a paged list, `wholeList` for a bare array): its view draws the generic list tree (Load more…, errors, Load All,
 * reveal, export, Copy as cURL), and every generic command works on its rows. A new list endpoint is a kind file and
 * one entry in features.ts; nothing of it is written twice (docs/development.md, "Adding a list endpoint").
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ListSource } from '../model/listSource';
import type { ResourceKind } from '../model/resource';
import { ListTree, type ListTreeNode } from '../views/listTree';
import type { BaseNode } from '../views/gatewayTree';
import { treeListView, type ListView } from '../views/listView';
import type { ActiveFeature, Feature } from './feature';

/** What the extension-host tests reach of a list's feature. */
export interface ListTestApi<T> {
  readonly tree: ListTree<T>;
  readonly view: vscode.TreeView<ListTreeNode | BaseNode>;
}

export function listFeature<T>(kind: ResourceKind<T>, source: ListSource<T>): Feature<ListTestApi<T>> {
  return {
    kind,
    activate({ registry, settings }): ActiveFeature<ListTestApi<T>> {
      const tree = new ListTree<T>(registry, kind, source, settings);
      const view = vscode.window.createTreeView(kind.viewId, { treeDataProvider: tree, canSelectMany: true });
      const list: ListView = {
        ...treeListView(kind, kind.viewId, view, tree),
        load: (ref, signal) => tree.load(ref, signal),
        reload: (gateway) => tree.reload(gateway),
        ...(source.pageable ? { loadAllTargets: (gateway: Parameters<ListView['reload']>[0]) => [tree.gatewayNode(gateway).loadAll ?? []].flat() } : {}),
        requests: (gateway) => [{ label: `$(list-flat) ${l10n.t('{0}, first page', kind.words.heading())}`, request: tree.viewRequest(gateway) }],
        exports: async (gateway, several) => {
          const plan = await tree.gatewayNode(gateway).exportPlan?.(several);
          return plan ? [{ label: `$(list-flat) ${kind.words.heading()}`, plan: () => plan }] : [];
        },
      };
      return {
        list,
        documentSources: [],
        commands: () => ({}),
        settingsChanged: () => tree.refreshRows(),
        testApi: { tree, view },
        dispose: () => {
          view.dispose();
          tree.dispose();
        },
      };
    },
  };
}
