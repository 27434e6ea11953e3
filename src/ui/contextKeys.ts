/**
 * Context keys for `when` clauses and welcome views: how many gateways are configured, whether a key is stored (for
 * the only gateway, or for any of several), and whether a status filter is on. Tells the user once per gateway when
 * the keyring cannot be read.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { GatewayRegistry } from '../gateway/registry';
import { describeNotReady } from '../gateway/gatewayText';
import { setContext } from './contextKey';

export class ContextKeys implements vscode.Disposable {
  private readonly warned = new Set<string>();
  private sequence = 0;
  private readonly subscriptions: vscode.Disposable[];

  /** `onState`: told what the keys now say (the walkthrough follows it). */
  public constructor(
    private readonly registry: GatewayRegistry,
    keys: ApiKeyStore,
    private readonly onState: (state: { readonly gateways: number; readonly hasKey: boolean }) => void = () => undefined,
  ) {
    this.subscriptions = [registry.onDidChange(() => this.update()), keys.onDidChange(() => this.update())];
  }

  public update(): void {
    const sequence = ++this.sequence;
    const count = this.registry.entries().length;
    setContext('pageGateway.gatewayCount', count);
    setContext('pageGateway.multipleGateways', count > 1);
    void this.anyKey().then((hasKey) => {
      if (sequence === this.sequence) {
        setContext('pageGateway.hasApiKey', hasKey);
        this.onState({ gateways: count, hasKey });
      }
    });
  }

  public dispose(): void {
    this.sequence += 1;
    this.subscriptions.forEach((s) => s.dispose());
  }

  private async anyKey(): Promise<boolean> {
    const found = await Promise.all(
      this.registry.gateways().map(async (gateway) => {
        const lookup = await gateway.connection.readKey();
        if (lookup.kind === 'unavailable' && !this.warned.has(gateway.key)) {
          this.warned.add(gateway.key);
          const message = describeNotReady({ kind: 'keyUnavailable', reason: lookup.reason }, gateway.name, gateway.base.origin);
          void vscode.window.showWarningMessage(message, l10n.t('Set API Key…')).then((choice) => {
            if (choice) {
              void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway });
            }
          });
        }
        return lookup.kind === 'found';
      }),
    );
    return found.some(Boolean);
  }
}
