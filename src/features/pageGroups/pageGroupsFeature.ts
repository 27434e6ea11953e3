/**
 * The page groups feature: the Page Groups view (per gateway, one cursor chain per status, a status filter), Load All,
 * Search, and the status documents.
 */
import { registerPageGroupTools } from './tools/pageGroupTools';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { refreshList, refreshView } from '../../commands/viewCommands';
import { setContext } from '../../ui/contextKey';
import { treeListView, type ListView } from '../../views/listView';
import type { ActiveFeature, Feature } from '../feature';
import { statusDocumentSources } from './pageGroupDocuments';
import { PAGE_GROUP, PAGE_GROUPS_VIEW } from './pageGroupKind';
import { statusFilterDescription } from './text/statusFilterText';
import { derivedGroupLoadAllText } from './text/loadAllText';
import { isDerivedGroup } from './model/pageGroupsModel';
import { gatewayTitle } from '../../gateway/gatewayText';
import { PageGroupsProvider, type PageGroupsNode } from './view/pageGroupsProvider';
import type { PageGroupsTree } from './view/pageGroupsTree';
import { watchStatusExpansion } from './view/statusExpansion';
import { ExpansionMemory } from './model/expansionMemory';
import type { CommandContext } from '../../commands/commandContext';
import { pickGateway } from '../../commands/gatewayPicker';
import { TABLE_VIEW_TYPE } from './table/tableViewType';
import type { TableProbe } from './table/tableProbe';
import { OpenTables } from './table/openTables';
import { StatusCountMemory } from './model/statusCountMemory';

/** What the extension-host tests reach of the page groups feature. */
export interface PageGroupsTestApi {
  readonly pageGroups: PageGroupsProvider;
  readonly pageGroupsView: vscode.TreeView<PageGroupsNode>;
  /** The open Page Groups tables (the feature's registry of them). */
  readonly pageGroupTables: () => Promise<TableProbe[]>;
}

/** A status row of the view. */
type StatusRow = Extract<PageGroupsNode, { kind: 'status' }>;

/** Settings whose change re-renders the view from what is loaded. */
const RENDERED_SETTINGS = ['statuses', 'showDeleted', 'pageSize', 'maxLoadedPageGroups', 'maxTreeRows'];

export const PAGE_GROUPS_FEATURE: Feature<PageGroupsTestApi> = {
  kind: PAGE_GROUP,
  activate({ registry, settings, workspaceState, milestones, extensionUri }): ActiveFeature<PageGroupsTestApi> {
    const provider = new PageGroupsProvider(registry, settings, new ExpansionMemory(workspaceState), new StatusCountMemory(workspaceState));
    const view = vscode.window.createTreeView(PAGE_GROUPS_VIEW, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
    const tree: PageGroupsTree = { provider, view };
    const list: ListView = {
      ...treeListView(PAGE_GROUP, PAGE_GROUPS_VIEW, view, provider),
      load: (ref, signal, progress) => provider.load(ref, signal, progress),
      standIn: (ref) => provider.standIn(ref),
      // Starts the first pages and returns: the rows say "refreshing…" until they land (the view's progress bar runs).
      reload: async (gateway, node) => {
        void provider.refresh(gateway, node?.kind === 'status' && node.gateway === gateway ? (node as StatusRow).key : undefined);
      },
      requests: (gateway) => provider.requests(gateway),
      // Load All: each status's own chain (on its row, its "Load more…" row, and here for the palette).
      loadAllTargets: (gateway) => provider.knownGroups(gateway).flatMap((key) => provider.statusNode(gateway, key).loadAll ?? []),
      willLoadAll: (target) => {
        const key = provider.knownGroups(target.gateway).find((group) => provider.statusNode(target.gateway, group).loadAll === target);
        // Shown, expanded, unless it already is: revealing an open status again would scroll the view to it (the
        // issue's "Load All jumps to the top") while the user is looking at its rows.
        if (key !== undefined && view.visible && !provider.isExpanded(target.gateway, key)) {
          void Promise.resolve(view.reveal(provider.statusNode(target.gateway, key), { expand: true, select: false, focus: false })).catch(() => undefined);
        }
      },
      whyNoLoadAll: (node) => (node.kind === 'status' && isDerivedGroup((node as StatusRow).key) ? derivedGroupLoadAllText((node as StatusRow).key) : undefined),
      exports: async (gateway, several) => (await import('./pageGroupExportPlans.js')).pageGroupExportChoices(gateway, provider.knownGroups(gateway), several),
    };
    // The view's description names the status filters in force; alone and without a key, the gateway the welcome
    // asks a key for (one welcome, naming it).
    let showing = 0;
    const showFilter = (): void => {
      const filters = provider.filteredGateways().flatMap((gateway) => {
        const key = provider.filter(gateway);
        return key === undefined ? [] : [{ gatewayName: gateway.name, key }];
      });
      const filterText = statusFilterDescription(filters, registry.gateways().length > 1);
      // Called on every change of the tree (about every 100 ms while pages stream in): the view's header is told
      // only what changed.
      if (view.description !== filterText) {
        view.description = filterText;
      }
      setContext('pageGateway.filtered', provider.filteredGateways().length > 0);
      const single = registry.single();
      const shown = ++showing;
      if (single !== undefined && filterText === undefined) {
        void single.connection.state().then((state) => {
          const title = gatewayTitle(single.name, single.address);
          if (shown === showing && (state.kind === 'noKey' || state.kind === 'keyUnavailable') && view.description !== title) {
            view.description = title;
          }
        });
      }
    };
    // The tables' code loads with the first table (a command, or a tab the editor brings back after a reload).
    let commandContext: CommandContext | undefined;
    const tableHome = { tables: new OpenTables(), extensionUri, store: workspaceState };
    const tables = (): Promise<typeof import('./table/pageGroupsTablePanel.js')> => import('./table/pageGroupsTablePanel.js');
    const subscriptions: vscode.Disposable[] = [
      vscode.window.registerWebviewPanelSerializer(TABLE_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, saved) => {
          if (commandContext === undefined) {
            panel.dispose();
            return;
          }
          (await tables()).reviveTable(commandContext, panel, saved, tableHome);
        },
      }),
      watchStatusExpansion(view, milestones),
      provider.onDidChangeFilter(showFilter),
      registry.onDidChange(showFilter),
      // A key set or removed re-renders the tree.
      provider.onDidChangeTreeData(() => {
        if (registry.single() !== undefined) {
          showFilter();
        }
      }),
      view.onDidExpandElement((event) => provider.noteExpansion(event.element, true)),
      view.onDidCollapseElement((event) => provider.noteExpansion(event.element, false)),
    ];
    showFilter();
    return {
      list,
      documentSources: statusDocumentSources,
      commands: (ctx) => {
        commandContext = ctx;
        return {
        'pageGateway.openPageGroupsTable': async (arg?: unknown) => {
          const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Open Page Groups as Table'), placeHolder: l10n.t('Open the page groups of which gateway?') });
          if (gateway) {
            (await tables()).showTable(ctx, gateway, tableHome);
          }
        },
        // The ids from before the generic commands (pageGateway.refresh, refreshView, copyViewAsCurl):
        // hidden, kept for the users' own keybindings; each acts on this view.
        'pageGateway.refreshPageGroups': (arg?: unknown) => refreshList(ctx, list, l10n.t('Page Gateway: Refresh Page Groups'), arg),
        'pageGateway.refreshPageGroupsView': () => refreshView(ctx, list),
        'pageGateway.copyPageGroupsAsCurl': async (arg?: unknown) => (await import('../../commands/copyCommands.js')).copyViewAsCurl(ctx, list, arg),
        'pageGateway.filterByStatus': async (arg?: unknown) => (await import('./commands/statusFilterCommands.js')).filterByStatus(ctx, tree, arg),
        'pageGateway.clearStatusFilter': async (arg?: unknown) => (await import('./commands/statusFilterCommands.js')).clearStatusFilter(ctx, tree, arg),
        };
      },
      registerTools: (ctx) => registerPageGroupTools(ctx),
      settingsChanged: (changed) => {
        if (RENDERED_SETTINGS.some((name) => changed.has(name))) {
          provider.refreshRoot();
        }
      },
      testApi: { pageGroups: provider, pageGroupsView: view, pageGroupTables: async () => tableHome.tables.all() },
      dispose: () => {
        subscriptions.forEach((subscription) => subscription.dispose());
        view.dispose();
        provider.dispose();
      },
    };
  },
};
