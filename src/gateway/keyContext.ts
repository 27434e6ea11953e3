/**
 * Keeps the `pageGateway.hasApiKey` context key (which picks the welcome content) in line with the stored key of the
 * configured origin, and tells the user once per origin when the keyring cannot be read.
 */
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { GatewayConnection } from './connection';

export class KeyContext implements vscode.Disposable {
  private readonly warned = new Set<string>();
  private sequence = 0;

  public constructor(
    private readonly connection: GatewayConnection,
    private readonly keys: ApiKeyStore,
  ) {}

  public update(): void {
    const sequence = ++this.sequence;
    void this.compute().then((hasKey) => {
      if (sequence === this.sequence) {
        void vscode.commands.executeCommand('setContext', 'pageGateway.hasApiKey', hasKey);
      }
    });
  }

  public dispose(): void {
    this.sequence += 1;
  }

  private async compute(): Promise<boolean> {
    const origin = this.connection.origin();
    if (origin === undefined) {
      return false;
    }
    const lookup = await this.keys.get(origin);
    if (lookup.kind === 'unavailable' && !this.warned.has(origin)) {
      this.warned.add(origin);
      void vscode.window.showWarningMessage(lookup.message, 'Set API Key…').then((choice) => {
        if (choice) {
          void vscode.commands.executeCommand('pageGateway.setApiKey');
        }
      });
    }
    return lookup.kind === 'found';
  }
}
