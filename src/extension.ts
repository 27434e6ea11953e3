/** Wires the extension together. No logic of its own: see src/api, src/views, src/commands, src/documents. */
import { bundleLoadStartedAt } from './activationClock';
import * as vscode from 'vscode';
import { ApiKeyStore } from './auth/apiKeyStore';
import { InsecureConsent } from './auth/insecureConsent';
import { PAGE_GROUPS_VIEW, WEBHOOKS_VIEW, type CommandContext } from './commands/commandContext';
import { registerCommands } from './commands/registerCommands';
import { onDidChangeSettings, readSettings, type Settings } from './config/settings';
import { SCHEME } from './documents/documentPaths';
import { JsonDocumentProvider } from './documents/jsonDocumentProvider';
import { createJsonSources } from './documents/jsonSources';
import { GatewayConnection } from './gateway/connection';
import { KeyContext } from './gateway/keyContext';
import { Logger } from './log/logger';
import { PageGroupsModel } from './views/pageGroups/pageGroupsModel';
import { PageGroupsProvider } from './views/pageGroups/pageGroupsProvider';
import { createWebhooksChain } from './views/webhooks/webhooksModel';
import { WebhooksProvider } from './views/webhooks/webhooksProvider';

/** Returned by `activate` only when the extension runs under tests or in development: never to other extensions in normal use. */
export interface PageGatewayTestApi extends CommandContext {
  readonly activationMs: number;
}

export function activate(context: vscode.ExtensionContext): PageGatewayTestApi | undefined {
  const logger = new Logger();
  let settings: Settings = readSettings();
  const keys = new ApiKeyStore(context.secrets, logger);
  const consent = new InsecureConsent(context.globalState);
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const connection = new GatewayConnection({
    keys,
    consent,
    logger,
    settings: () => settings,
    userAgent: `page-gateway-explorer/${version} vscode/${vscode.version}`,
  });
  const model = new PageGroupsModel((query, signal) => connection.listPageGroups(query, signal));
  const pageGroups = new PageGroupsProvider(model, connection, () => settings);
  const webhooks = new WebhooksProvider(createWebhooksChain((signal) => connection.listWebhookSubscriptions(signal)), connection);
  const pageGroupsView = vscode.window.createTreeView(PAGE_GROUPS_VIEW, { treeDataProvider: pageGroups, showCollapseAll: true, canSelectMany: true });
  const webhooksView = vscode.window.createTreeView(WEBHOOKS_VIEW, { treeDataProvider: webhooks, showCollapseAll: true, canSelectMany: true });
  const documents = new JsonDocumentProvider(createJsonSources(pageGroups, webhooks, connection));
  const keyContext = new KeyContext(connection, keys);
  const ctx: CommandContext = { keys, consent, connection, logger, settings: () => settings, pageGroups, pageGroupsView, webhooks, webhooksView, documents };

  const modelSubscription = model.onDidChange(() => documents.refreshOpenDocuments());
  const webhooksSubscription = webhooks.chain.onDidChange(() => documents.refreshOpenDocuments());
  context.subscriptions.push(
    logger,
    keys,
    connection,
    pageGroups,
    webhooks,
    pageGroupsView,
    webhooksView,
    documents,
    keyContext,
    { dispose: () => modelSubscription.dispose() },
    { dispose: () => webhooksSubscription.dispose() },
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    ...registerCommands(ctx),
    connection.onDidChange(() => {
      pageGroups.reload();
      webhooks.reload();
      keyContext.update();
    }),
    onDidChangeSettings((changed) => {
      settings = readSettings();
      if (changed.has('baseUrl') || changed.has('requestTimeoutSeconds')) {
        connection.invalidate();
      } else {
        pageGroups.refreshRoot();
      }
    }),
  );
  keyContext.update();
  void vscode.commands.executeCommand('setContext', 'pageGateway.ready', true);

  const activationMs = performance.now() - bundleLoadStartedAt;
  logger.info(`Page Gateway Explorer ${version} activated in ${activationMs.toFixed(1)} ms`);
  const underTest = context.extensionMode === vscode.ExtensionMode.Test || context.extensionMode === vscode.ExtensionMode.Development;
  return underTest ? { ...ctx, activationMs } : undefined;
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
