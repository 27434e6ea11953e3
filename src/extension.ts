/**
 * Wires the extension together. No logic of its own: the features (src/features/features.ts) bring their views and
 * commands; everything generic (src/commands, src/documents, src/views) works on whichever features there are.
 */
import { bundleLoadStartedAt } from './activationClock';
import * as vscode from 'vscode';
import { ApiKeyStore } from './auth/apiKeyStore';
import { InsecureConsent } from './auth/insecureConsent';
import { LegacyKeyMigration } from './auth/legacyKeyMigration';
import type { CommandContext } from './commands/commandContext';
import { CompareSelection } from './commands/compareSelection';
import { genericCommands } from './commands/registerCommands';
import { onDidChangeNetworkSettings, readProxyOptions, readRouteSettings } from './config/networkSettings';
import { onDidChangeSettings, readSettings, type Settings } from './config/settings';
import { SCHEME } from './documents/documentPaths';
import { JsonDocumentProvider } from './documents/jsonDocumentProvider';
import { itemSource, snapshotSource } from './documents/jsonSources';
import type { ActiveFeature, Feature, FeatureServices } from './features/feature';
import { activateFeatures, type FeaturesTestApi } from './features/features';
import { registerAgentTools } from './agent/agentTools';
import { ItemLinkHandler } from './commands/itemLinkHandler';
import { GatewayRegistry } from './gateway/registry';
import { configureL10n } from './ui/configureL10n';
import { Logger } from './log/logger';
import { IdIndex } from './model/idIndex';
import { ResourceKinds } from './model/resourceKinds';
import { contextValue, setContext } from './ui/contextKey';
import { ChangeDecorations } from './views/changeDecorations';
import { ContextKeys } from './ui/contextKeys';
import { GatewayStatusBar } from './views/gatewayStatusBar';
import { watchItemDocument } from './documents/itemDocumentContext';
import { IdHoverProvider } from './views/idHover';
import { ListFocus } from './views/listFocus';
import type { ListView } from './views/listView';
import { setListViewKeys } from './views/listViewKeys';
import { TreeReveal } from './views/treeReveal';
import { walkthroughTitle, WalkthroughSteps } from './ui/walkthroughSteps';

/** Returned by `activate` only when the extension runs under tests or in development: never to other extensions in normal use. */
export interface PageGatewayTestApi extends CommandContext, FeaturesTestApi {
  readonly activationMs: number;
  /** The value this extension last set for a context key. */
  readonly contextValue: (key: string) => unknown;
  /**
   * Activates one more feature and wires it like those of the features list (a test's own resource); disposing the
   * result takes it out again.
   */
  readonly addFeature: <T extends object>(feature: Feature<T>) => { readonly testApi: T } & vscode.Disposable;
  /** The one-time move of version 0.1's keys (tests make it run again). */
  readonly legacyKeys: LegacyKeyMigration;
  /** The URI handler this extension registered (links that open an item). */
  readonly linkHandler: ItemLinkHandler;
}

export function activate(context: vscode.ExtensionContext): PageGatewayTestApi | undefined {
  configureL10n();
  const logger = new Logger(context.logUri);
  let settings: Settings = readSettings();
  const keys = new ApiKeyStore(context.secrets, logger);
  const consent = new InsecureConsent(context.globalState);
  const legacyKeys = new LegacyKeyMigration(context.globalState, keys);
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const registry = new GatewayRegistry(
    {
      keys,
      consent,
      legacyKeys,
      userAgent: `page-gateway-explorer/${version} vscode/${vscode.version}`, // l10n-ignore: an HTTP header
      // In a remote window the extension runs on the remote machine (extensionKind "workspace" first): its requests
      // leave from there, and their errors say so. Installed on the local side only ("ui"), they leave from this one.
      sentFrom: context.extension.extensionKind === vscode.ExtensionKind.Workspace ? vscode.env.remoteName : undefined,
      onExchange: (log) => logger.exchange(log),
      timeoutMs: () => settings.timeoutMs,
      proxy: readProxyOptions,
      routeSettings: readRouteSettings,
    },
    settings,
  );
  const kinds = new ResourceKinds();
  const lists: ListView[] = [];
  const documents = new JsonDocumentProvider(registry, [snapshotSource]);
  const walkthrough = new WalkthroughSteps(context.globalState, walkthroughTitle(context.extension));
  const services: FeatureServices = {
    registry,
    settings: () => settings,
    logger,
    documents,
    workspaceState: context.workspaceState,
    globalState: context.globalState,
    storageUri: context.storageUri ?? context.globalStorageUri,
    milestones: walkthrough,
    extensionUri: context.extensionUri,
  };
  const reveal = new TreeReveal();
  const ids = new IdIndex(registry, kinds);
  const listFocus = new ListFocus();
  const ctx: CommandContext = { keys, consent, registry, logger, settings: () => settings, kinds, lists, listFocus, documents, reveal, compare: new CompareSelection(), ids, milestones: walkthrough, saidOnce: new Set<string>() };
  const active: ActiveFeature[] = [];

  const linkHandler = new ItemLinkHandler(ctx);

  /** Every feature is wired the same way: its kind, view, documents, commands and changes join the generic parts. */
  const wire = (feature: ActiveFeature): vscode.Disposable => {
    const { list } = feature;
    const sources = [itemSource(list.kind), ...feature.documentSources];
    kinds.add(list.kind);
    lists.push(list);
    setListViewKeys(lists);
    active.push(feature);
    sources.forEach((source) => documents.addSource(source));
    reveal.register(list.viewId, list);
    const subscriptions = [
      ...register(feature.commands(ctx)),
      ...(feature.registerTools?.(ctx) ?? []),
      listFocus.watch(list),
      // Open JSON documents and the id index follow what the trees load.
      list.onDidChangeTreeData(() => {
        documents.refreshOpenDocuments();
        ids.invalidate();
      }),
    ];
    const unwire = new vscode.Disposable(() => {
      subscriptions.forEach((subscription) => subscription.dispose());
      reveal.unregister(list.viewId);
      sources.forEach((source) => documents.removeSource(source.folder));
      active.splice(active.indexOf(feature), 1);
      lists.splice(lists.indexOf(list), 1);
      setListViewKeys(lists);
      kinds.remove(list.kind);
      ids.invalidate();
      feature.dispose();
    });
    context.subscriptions.push(unwire);
    return unwire;
  };

  const features = activateFeatures(services);
  const contextKeys = new ContextKeys(registry, keys, (state) => {
    walkthrough.holds('gatewayConfigured', state.gateways > 0);
    walkthrough.holds('keyStored', state.hasKey);
  });
  context.subscriptions.push(
    logger,
    keys,
    consent,
    registry,
    documents,
    contextKeys,
    walkthrough,
    new GatewayStatusBar(registry),
    watchItemDocument(kinds),
    vscode.window.registerFileDecorationProvider(new ChangeDecorations()),
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    ...register(genericCommands(ctx)),
    ...registerAgentTools(ctx),
    vscode.window.registerUriHandler(linkHandler),
    registry.onDidChange(() => ids.invalidate()),
    vscode.languages.registerHoverProvider({ scheme: '*' }, new IdHoverProvider(ids, () => registry.gateways().length > 1)),
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
      active.forEach((feature) => feature.settingsChanged(changed));
    }),
    onDidChangeNetworkSettings(() => registry.networkChanged()),
  );
  features.features.forEach(wire);
  contextKeys.update();
  setContext('pageGateway.ready', true);

  const activationMs = performance.now() - bundleLoadStartedAt;
  logger.info(`Page Gateway Explorer ${version} activated in ${activationMs.toFixed(1)} ms`);
  const underTest = context.extensionMode === vscode.ExtensionMode.Test || context.extensionMode === vscode.ExtensionMode.Development;
  const addFeature = <T extends object>(feature: Feature<T>): { readonly testApi: T } & vscode.Disposable => {
    const activated = feature.activate(services);
    const unwire = wire(activated);
    return { testApi: activated.testApi, dispose: () => unwire.dispose() };
  };
  return underTest ? { ...ctx, ...features.testApi, activationMs, contextValue, legacyKeys, linkHandler, addFeature } : undefined;
}

function register(commands: Readonly<Record<string, (...args: never[]) => unknown>>): vscode.Disposable[] {
  return Object.entries(commands).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}

