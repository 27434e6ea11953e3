/** The forms feature: what a feature folder for a third list endpoint holds (README → Adding a list endpoint). */
import * as vscode from 'vscode';
import { refreshList } from '../../../../src/commands/viewCommands';
import type { ActiveFeature, Feature } from '../../../../src/features/feature';
import { treeListView, type ListView } from '../../../../src/views/listView';
import { FORM, FORMS_VIEW } from './formKind';
import { FormsProvider, type FormNode } from './formsProvider';
import type { BaseNode } from '../../../../src/views/gatewayTree';

export interface FormsTestApi {
  readonly forms: FormsProvider;
  readonly formsView: vscode.TreeView<FormNode | BaseNode>;
}

export const FORMS_FEATURE: Feature<FormsTestApi> = {
  kind: FORM,
  activate({ registry }): ActiveFeature<FormsTestApi> {
    const provider = new FormsProvider(registry);
    const view = vscode.window.createTreeView(FORMS_VIEW, { treeDataProvider: provider, canSelectMany: true });
    const list: ListView = {
      ...treeListView(FORM, FORMS_VIEW, view, provider),
      load: (ref, signal) => provider.load(ref, signal),
      reload: async (gateway) => provider.reload(gateway),
      requests: (gateway) => [{ label: 'Forms, first page', request: provider.viewRequest(gateway) }],
      exports: async (gateway, several) => {
        const plan = await provider.gatewayNode(gateway).exportPlan?.(several);
        return plan ? [{ label: 'Forms', plan: () => plan }] : [];
      },
    };
    return {
      list,
      documentSources: [],
      commands: (ctx) => ({ 'pageGatewayTest.refreshForms': (arg?: unknown) => refreshList(ctx, list, 'Refresh Forms', arg) }),
      settingsChanged: () => undefined,
      testApi: { forms: provider, formsView: view },
      dispose: () => {
        view.dispose();
        provider.dispose();
      },
    };
  },
};
