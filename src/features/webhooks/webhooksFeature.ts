/**
 * The webhook subscriptions feature: the Webhook Subscriptions view (one list per gateway, loaded whole), its
 * debugging aids (checks, grouping by event, auto refresh, event hovers) and its commands.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { refreshList, refreshView } from '../../commands/viewCommands';
import { treeListView, type ListView } from '../../views/listView';
import type { ActiveFeature, Feature } from '../feature';
import type { copyWebhookUrl } from './commands/copyWebhookUrlCommand';
import { webhookListSource } from './model/webhookDocuments';
import { WebhookDebugging } from './view/webhookDebugging';
import type { WebhookPoller } from './view/webhookPoller';
import { WebhooksProvider, type WebhooksNode } from './view/webhooksProvider';
import { WEBHOOK, WEBHOOKS_VIEW } from './webhookKind';
import { registerWebhookTools } from './tools/webhookTools';
import { ExtraFindingSources, webhookAnalysisStore } from './model/webhookAnalysis';
import { activateWebhookInbox, type WebhookInboxFeature } from './inbox/webhookInbox';

/** What the extension-host tests reach of the webhooks feature. */
export interface WebhooksTestApi {
  readonly webhooks: WebhooksProvider;
  readonly webhooksView: vscode.TreeView<WebhooksNode>;
  readonly webhookPoller: WebhookPoller;
  readonly webhookInbox: WebhookInboxFeature;
}

export const WEBHOOKS_FEATURE: Feature<WebhooksTestApi> = {
  kind: WEBHOOK,
  activate({ registry, settings, logger, documents, globalState, storageUri }): ActiveFeature<WebhooksTestApi> {
    // The checks' store, with the findings the inbox adds (deliveries to inactive subscriptions).
    const findingSources = new ExtraFindingSources();
    const analysis = webhookAnalysisStore(findingSources);
    const provider = new WebhooksProvider(registry, settings, analysis);
    const view = vscode.window.createTreeView(WEBHOOKS_VIEW, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
    const debugging = new WebhookDebugging({ registry, webhooks: provider, view, settings });
    // The inbox receives the deliveries of these subscriptions and matches them to their rows.
    const inbox = activateWebhookInbox({ registry, logger, webhooks: provider, documents, findings: findingSources, ...(globalState === undefined ? {} : { globalState }), ...(storageUri === undefined ? {} : { storageUri }) });
    const list: ListView = {
      ...treeListView(WEBHOOK, WEBHOOKS_VIEW, view, provider),
      reload: (gateway) => provider.reload(gateway),
      requests: (gateway) => {
        const request = provider.viewRequest(gateway);
        return request ? [{ label: `$(plug) ${l10n.t('Webhook subscriptions')}`, request }] : [];
      },
      exports: async (gateway, several) => (await import('./webhookExportPlans.js')).webhookExportChoices(gateway, several),
    };
    return {
      list,
      documentSources: [webhookListSource],
      commands: (ctx) => ({
        // The ids from before the generic commands (pageGateway.refresh, refreshView, copyViewAsCurl,
        // exportView): hidden, kept for the users' own keybindings; each acts on this view.
        'pageGateway.refreshWebhooks': (arg?: unknown) => refreshList(ctx, list, l10n.t('Page Gateway: Refresh Webhook Subscriptions'), arg),
        'pageGateway.refreshWebhooksView': () => refreshView(ctx, list),
        'pageGateway.copyWebhooksAsCurl': async (arg?: unknown) => (await import('../../commands/copyCommands.js')).copyViewAsCurl(ctx, list, arg),
        'pageGateway.exportWebhooks': async (arg?: unknown, options?: unknown) => (await import('../../commands/listExportCommand.js')).exportList(ctx, list, arg, options),
        'pageGateway.copyWebhookUrl': async (node?: Parameters<typeof copyWebhookUrl>[1]) => (await import('./commands/copyWebhookUrlCommand.js')).copyWebhookUrl(ctx, node),
        'pageGateway.compareWebhooksAcrossGateways': async (first?: unknown, second?: unknown) => (await import('./commands/compareAcrossGatewaysCommand.js')).compareWebhooksAcrossGateways(ctx, first, second),
        'pageGateway.groupWebhooksByEvent': async () => (await import('./commands/webhookCommands.js')).groupWebhooksBy('event'),
        'pageGateway.groupWebhooksBySubscription': async () => (await import('./commands/webhookCommands.js')).groupWebhooksBy('subscription'),
        'pageGateway.showWebhookProblems': async () => (await import('./commands/webhookCommands.js')).showWebhookProblems(ctx, analysis),
      }),
      registerTools: (ctx) => registerWebhookTools(ctx, analysis),
      settingsChanged: (changed) => debugging.settingsChanged(changed),
      testApi: { webhooks: provider, webhooksView: view, webhookPoller: debugging.poller, webhookInbox: inbox },
      dispose: () => {
        inbox.dispose();
        debugging.dispose();
        view.dispose();
        provider.dispose();
      },
    };
  },
};
