/**
 * Wires what the Webhooks view adds for debugging: automatic refresh, the view's description (warnings,
 * auto-refresh trouble), the hover on event names in any file, and the `pageGateway.webhooksGroupBy` context key
 * (which grouping toggle the view title shows).
 */
import * as vscode from 'vscode';
import type { Settings } from '../../../config/settings';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import { EventHoverProvider, loadedWebhookIndex } from './eventHover';
import { webhooksViewDescription } from '../text/webhookPresentation';
import { WebhookPoller } from './webhookPoller';
import type { WebhooksNode, WebhooksProvider } from './webhooksProvider';

export interface WebhookDebuggingDeps {
  readonly registry: GatewayRegistry;
  readonly webhooks: WebhooksProvider;
  readonly view: vscode.TreeView<WebhooksNode>;
  readonly settings: () => Settings;
}

export class WebhookDebugging implements vscode.Disposable {
  public readonly poller: WebhookPoller;
  private readonly subscriptions: vscode.Disposable[];

  public constructor(private readonly deps: WebhookDebuggingDeps) {
    this.poller = new WebhookPoller({
      registry: deps.registry,
      webhooks: deps.webhooks,
      view: deps.view,
      intervalSeconds: () => deps.settings().webhooksAutoRefreshSeconds,
    });
    const index = loadedWebhookIndex(deps.registry);
    this.subscriptions = [
      this.poller,
      // Any file: event names are written in handlers of every language, in JSON and YAML configuration, in docs.
      vscode.languages.registerHoverProvider({ scheme: '*' }, new EventHoverProvider(deps.registry, index)),
      deps.webhooks.onDidChangeTreeData(() => {
        index.invalidate();
        this.describe();
      }),
      this.poller.onDidChange(() => this.describe()),
    ];
    this.groupingChanged();
  }

  /** `pageGateway.webhooks.*` changed. */
  public settingsChanged(changed: ReadonlySet<string>): void {
    if (changed.has('webhooks.groupBy')) {
      this.groupingChanged();
      this.deps.webhooks.refreshRoot();
    }
    if (changed.has('webhooks.autoRefreshSeconds')) {
      this.poller.settingsChanged();
    }
  }

  public dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private groupingChanged(): void {
    void vscode.commands.executeCommand('setContext', 'pageGateway.webhooksGroupBy', this.deps.settings().webhooksGroupBy);
    this.describe();
  }

  private describe(): void {
    const names = (gateways: readonly Gateway[]): string[] => gateways.map((gateway) => gateway.name);
    const trouble = this.poller.trouble();
    this.deps.view.description = webhooksViewDescription(
      this.deps.settings().webhooksGroupBy === 'event',
      this.deps.webhooks.warningCount(),
      names(trouble.failing),
      names(trouble.paused),
      this.deps.registry.gateways().length > 1,
    );
  }
}
