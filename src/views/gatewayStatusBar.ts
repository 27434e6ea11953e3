/**
 * While a Page Gateway document is the active editor: its gateway's name; a click reveals the item. Never in the
 * gateway's colour: beside the problem counters a red or orange name would read as an error or a warning.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import type { GatewayRegistry } from '../gateway/registry';
import { plainText } from '../text/surfaceText';

export class GatewayStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];

  public constructor(private readonly registry: GatewayRegistry) {
    this.item = vscode.window.createStatusBarItem('pageGateway.gateway', vscode.StatusBarAlignment.Left, 50);
    this.item.name = l10n.t('Page Gateway: Gateway of the Document');
    this.subscriptions = [vscode.window.onDidChangeActiveTextEditor(() => this.update()), registry.onDidChange(() => this.update())];
    this.update();
  }

  public update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const address = uri && JsonDocumentProvider.address(uri);
    const gateway = address && this.registry.byName(address.gateway);
    if (!uri || !address || !gateway) {
      this.item.hide();
      return;
    }
    this.item.text = `$(server-environment) ${plainText(gateway.name)}`;
    this.item.tooltip = l10n.t('Page Gateway: {0} ({1}). Click to reveal in the tree.', gateway.name, gateway.base.href);
    this.item.accessibilityInformation = { label: l10n.t('Page Gateway document from gateway {0}. Reveal in the tree.', gateway.name) };
    this.item.command = { command: 'pageGateway.revealInTree', title: l10n.t('Reveal in Tree'), arguments: [uri] };
    this.item.show();
  }

  public dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.item.dispose();
  }
}
