/**
 * Read-only JSON documents of loaded items, under the `page-gateway:` scheme. Content is the raw object the server
 * sent (unknown fields kept), formatted with the editor's JSON indentation, and follows refreshes.
 */
import * as vscode from 'vscode';
import { SCHEME, documentPath, formatJson, parseDocumentPath, type DocumentTarget } from './documentPaths';

/** Where documents get their content from: the trees' loaded data. */
export interface JsonSources {
  /** The raw page group with this id, when loaded in any group. */
  pageGroup(id: string): unknown;
  /** Raw page groups loaded for a status (undefined when that status was never loaded). */
  statusGroup(status: string | undefined): unknown[] | undefined;
  /** The raw webhook subscription; may load the list (one request) when nothing is loaded yet. */
  webhook(id: string): Promise<unknown>;
}

export class JsonDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  public readonly onDidChange: vscode.Event<vscode.Uri> = this.changed.event;
  /** Last content shown per document: kept while an item is briefly unloaded (e.g. during a refresh). */
  private readonly snapshots = new Map<string, unknown>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  public constructor(private readonly sources: JsonSources) {}

  public static uri(target: DocumentTarget): vscode.Uri {
    return vscode.Uri.from({ scheme: SCHEME, path: documentPath(target) });
  }

  /** Opens `target` in a preview tab; `snapshot` is the value to show when the sources do not have it. */
  public async open(target: DocumentTarget, snapshot: unknown, preview = true): Promise<vscode.TextEditor> {
    const uri = JsonDocumentProvider.uri(target);
    this.snapshots.set(uri.toString(), snapshot);
    const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
    if (open) {
      this.changed.fire(uri);
    }
    const document = open ?? (await vscode.workspace.openTextDocument(uri));
    return vscode.window.showTextDocument(document, { preview });
  }

  /** Tells open documents to re-read their content (coalesced). Called when the trees' data changes. */
  public refreshOpenDocuments(): void {
    if (this.timer !== undefined) {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Only documents that have a tab: the editor keeps closed documents in memory for a while, and re-reading
      // those could send requests nobody asked for.
      const inTabs = new Set(
        vscode.window.tabGroups.all.flatMap((group) =>
          group.tabs.flatMap((tab) => (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === SCHEME ? [tab.input.uri.toString()] : [])),
        ),
      );
      for (const document of vscode.workspace.textDocuments) {
        if (inTabs.has(document.uri.toString()) && !document.isClosed) {
          this.changed.fire(document.uri);
        }
      }
    }, 50);
  }

  public async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseDocumentPath(uri.path);
    const indent = editorIndent();
    if (!target) {
      return formatJson({ message: 'This is not a Page Gateway document.' }, indent);
    }
    const key = uri.toString();
    const current = await this.lookup(target);
    if (current !== undefined) {
      this.snapshots.set(key, current);
      return formatJson(current, indent);
    }
    if (this.snapshots.has(key)) {
      return formatJson(this.snapshots.get(key), indent);
    }
    return formatJson({ message: notLoadedMessage(target) }, indent);
  }

  public dispose(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    this.changed.dispose();
  }

  private async lookup(target: DocumentTarget): Promise<unknown> {
    switch (target.kind) {
      case 'pageGroup':
        return this.sources.pageGroup(target.id);
      case 'statusGroup':
        return this.sources.statusGroup(target.status);
      case 'unstatusedGroup':
        return this.sources.statusGroup(undefined);
      case 'webhook':
        return this.sources.webhook(target.id);
      case 'snapshot':
        return undefined;
    }
  }
}

function editorIndent(): { insertSpaces: boolean; tabSize: number } {
  const config = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  const tabSize = Number(config.get<number | string>('tabSize', 4));
  return { insertSpaces: config.get<boolean>('insertSpaces', true) !== false, tabSize: Number.isFinite(tabSize) ? tabSize : 4 };
}

function notLoadedMessage(target: DocumentTarget): string {
  switch (target.kind) {
    case 'pageGroup':
      return `Page group “${target.id}” is not loaded in this window. Expand its status in the Page Groups view, then use “Open as JSON” on it again.`;
    case 'statusGroup':
      return `No page groups with status “${target.status}” are loaded in this window. Expand that status in the Page Groups view, then use “Open as JSON” on it again.`;
    case 'unstatusedGroup':
      return 'No page groups without a status are loaded in this window. Open the Page Groups view, then use “Open as JSON” on “(no status)” again.';
    case 'webhook':
      return `Webhook subscription “${target.id}” is not in the gateway's current list (or the list could not be loaded). Refresh the Webhook Subscriptions view and open it again.`;
    case 'snapshot':
      return 'This item has no id, so it cannot be found again after a reload. Open it again from its view.';
  }
}
