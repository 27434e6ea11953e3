/**
 * The feature of a resource whose list is one cursor chain per gateway, made from its kind and its `ChainList` alone:
 * its view draws the generic list tree (Load more…, errors, Load All, reveal, export, Copy as cURL), and every generic
 * command works on its rows. A new paged list endpoint is a kind file and one entry in features.ts; nothing of it is
 * written twice (docs/development.md, "Adding a list endpoint").
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ChainList } from '../model/chainStore';
import type { ResourceKind } from '../model/resource';
import { ChainListTree, type ChainListNode } from '../views/chainListTree';
import type { BaseNode } from '../views/gatewayTree';
import { treeListView, type ListView } from '../views/listView';
import type { ActiveFeature, Feature } from './feature';

/** What the extension-host tests reach of a paged list's feature. */
export interface PagedListTestApi<T> {
  readonly tree: ChainListTree<T>;
  readonly view: vscode.TreeView<ChainListNode | BaseNode>;
}

export function pagedListFeature<T>(kind: ResourceKind<T>, source: ChainList<T>): Feature<PagedListTestApi<T>> {
  return {
    kind,
    activate({ registry, settings }): ActiveFeature<PagedListTestApi<T>> {
      const tree = new ChainListTree<T>(registry, kind, source, settings);
      const view = vscode.window.createTreeView(kind.viewId, { treeDataProvider: tree, canSelectMany: true });
      const list: ListView = {
        ...treeListView(kind, kind.viewId, view, tree),
        load: (ref, signal) => tree.load(ref, signal),
        reload: (gateway) => tree.reload(gateway),
        loadAllTargets: (gateway) => [tree.gatewayNode(gateway).loadAll ?? []].flat(),
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
