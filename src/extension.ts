/** Wires the extension together. No logic of its own: see src/api, src/gateway, src/views, src/commands, src/documents. */
import { ExpansionMemory } from './features/expansion/model/expansionMemory';
import { bundleLoadStartedAt } from './activationClock';
import * as vscode from 'vscode';
import { ApiKeyStore } from './auth/apiKeyStore';
import { InsecureConsent } from './auth/insecureConsent';
import type { CommandContext } from './commands/commandContext';
import { CompareSelection } from './commands/compareSelection';
import { registerCommands } from './commands/registerCommands';
import { filterDescription } from './commands/viewCommands';
import { onDidChangeNetworkSettings, readProxyOptions } from './config/networkSettings';
import { onDidChangeSettings, readSettings, type Settings } from './config/settings';
import { SCHEME } from './documents/documentPaths';
import { JsonDocumentProvider } from './documents/jsonDocumentProvider';
import { itemSource, snapshotSource } from './documents/jsonSources';
import { ContextKeys } from './gateway/contextKeys';
import { GatewayRegistry } from './gateway/registry';
import { configureL10n } from './l10n/configureL10n';
import { Logger } from './log/logger';
import { contextValue, setContext } from './util/contextKey';
import { IdIndex } from './resources/idIndex';
import { RESOURCE_KINDS } from './resources/kinds';
import { ChangeDecorations } from './views/common/changeDecorations';
import { IdHoverProvider } from './views/hover/idHover';
import { TreeReveal } from './views/common/treeReveal';
import { statusDocumentSources } from './views/pageGroups/pageGroupDocuments';
import { PageGroupsProvider } from './views/pageGroups/pageGroupsProvider';
import { watchStatusExpansion } from './views/pageGroups/statusExpandedKey';
import { GatewayStatusBar } from './views/statusBar/gatewayStatusBar';
import { PAGE_GROUPS_VIEW, WEBHOOKS_VIEW } from './views/viewIds';
import { WebhookDebugging } from './views/webhooks/webhookDebugging';
import { webhookListSource } from './views/webhooks/webhookDocuments';
import type { WebhookPoller } from './views/webhooks/webhookPoller';
import { WebhooksProvider } from './views/webhooks/webhooksProvider';

/** Returned by `activate` only when the extension runs under tests or in development: never to other extensions in normal use. */
export interface PageGatewayTestApi extends CommandContext {
  readonly activationMs: number;
  readonly webhookPoller: WebhookPoller;
  /** The value this extension last set for a context key. */
  readonly contextValue: (key: string) => unknown;
}

export function activate(context: vscode.ExtensionContext): PageGatewayTestApi | undefined {
  configureL10n();
  const logger = new Logger(context.logUri);
  let settings: Settings = readSettings();
  const keys = new ApiKeyStore(context.secrets, logger);
  const consent = new InsecureConsent(context.globalState);
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const registry = new GatewayRegistry(
    {
      keys,
      consent,
      userAgent: `page-gateway-explorer/${version} vscode/${vscode.version}`, // l10n-ignore: an HTTP header
      onExchange: (log) => logger.exchange(log),
      timeoutMs: () => settings.timeoutMs,
      proxy: readProxyOptions,
    },
    settings,
  );
  const pageGroups = new PageGroupsProvider(registry, () => settings, new ExpansionMemory(context.workspaceState));
  const webhooks = new WebhooksProvider(registry, () => settings);
  const pageGroupsView = vscode.window.createTreeView(PAGE_GROUPS_VIEW, { treeDataProvider: pageGroups, showCollapseAll: true, canSelectMany: true });
  const webhooksView = vscode.window.createTreeView(WEBHOOKS_VIEW, { treeDataProvider: webhooks, showCollapseAll: true, canSelectMany: true });
  const webhookDebugging = new WebhookDebugging({ registry, webhooks, view: webhooksView, settings: () => settings });
  const reveal = new TreeReveal();
  reveal.register(PAGE_GROUPS_VIEW, { view: pageGroupsView, nodeFor: (ref) => pageGroups.nodeFor(ref), load: (ref, signal, progress) => pageGroups.load(ref, signal, progress) });
  reveal.register(WEBHOOKS_VIEW, { view: webhooksView, nodeFor: (ref) => webhooks.nodeFor(ref) });
  const documents = new JsonDocumentProvider(registry, [...RESOURCE_KINDS.map(itemSource), snapshotSource, ...statusDocumentSources, webhookListSource]);
  const contextKeys = new ContextKeys(registry, keys);
  const statusBar = new GatewayStatusBar(registry);
  const compare = new CompareSelection();
  const ids = new IdIndex(registry);
  const ctx: CommandContext = { keys, consent, registry, logger, settings: () => settings, pageGroups, pageGroupsView, webhooks, webhooksView, documents, reveal, compare, ids };

  const showFilter = (): void => {
    pageGroupsView.description = filterDescription(ctx);
    setContext('pageGateway.filtered', pageGroups.filteredGateways().length > 0);
  };
  context.subscriptions.push(
    logger,
    keys,
    consent,
    registry,
    pageGroups,
    webhooks,
    pageGroupsView,
    webhooksView,
    documents,
    contextKeys,
    statusBar,
    webhookDebugging,
    vscode.window.registerFileDecorationProvider(new ChangeDecorations()),
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    ...registerCommands(ctx),
    // Open JSON documents and the id index follow what the trees load.
    pageGroups.onDidChangeTreeData(() => {
      documents.refreshOpenDocuments();
      ids.invalidate();
    }),
    webhooks.onDidChangeTreeData(() => {
      documents.refreshOpenDocuments();
      ids.invalidate();
    }),
    registry.onDidChange(() => ids.invalidate()),
    watchStatusExpansion(pageGroupsView),
    vscode.languages.registerHoverProvider({ scheme: '*' }, new IdHoverProvider(ids, () => registry.gateways().length > 1)),
    pageGroups.onDidChangeFilter(showFilter),
    pageGroupsView.onDidExpandElement((event) => pageGroups.noteExpansion(event.element, true)),
    pageGroupsView.onDidCollapseElement((event) => pageGroups.noteExpansion(event.element, false)),
    registry.onDidChange(showFilter),
    // Granting trust makes the workspace's gateway URLs apply (they are restricted settings).
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      settings = readSettings();
      registry.update(settings);
    }),
    onDidChangeSettings((changed) => {
      settings = readSettings();
      if (changed.has('baseUrl') || changed.has('gateways')) {
        registry.update(settings);
      }
      if (changed.has('requestTimeoutSeconds')) {
        registry.timeoutChanged();
      }
      if (changed.has('statuses') || changed.has('showDeleted') || changed.has('pageSize')) {
        pageGroups.refreshRoot();
      }
      webhookDebugging.settingsChanged(changed);
    }),
    onDidChangeNetworkSettings(() => registry.networkChanged()),
  );
  contextKeys.update();
  setContext('pageGateway.ready', true);

  const activationMs = performance.now() - bundleLoadStartedAt;
  logger.info(`Page Gateway Explorer ${version} activated in ${activationMs.toFixed(1)} ms`);
  const underTest = context.extensionMode === vscode.ExtensionMode.Test || context.extensionMode === vscode.ExtensionMode.Development;
  return underTest ? { ...ctx, activationMs, webhookPoller: webhookDebugging.poller, contextValue } : undefined;
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
