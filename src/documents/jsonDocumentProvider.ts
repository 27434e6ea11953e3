/**
 * Read-only JSON documents under the `page-gateway:` scheme: the raw objects the server sent (unknown fields kept),
 * formatted with the editor's JSON indentation, following refreshes. Which folder holds what is told by the sources
 * (one per resource kind, plus the views' own documents); a document of a gateway that left the settings says so.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Gateway } from '../gateway/gateway';
import type { GatewayRegistry } from '../gateway/registry';
import { SCHEME, documentLocation, formatJson, parseDocumentLocation, sameDocument, type DocumentAddress } from './documentPaths';

/** What one document folder shows. */
export interface DocumentSource {
  readonly folder: string;
  /**
   * The current content of `name` on `gateway`, or undefined when it is not loaded. With `load`, it may load what is
   * missing (one request at most); without, it only looks. The same value (same object) while nothing changed.
   */
  content(gateway: Gateway, name: string, options: { readonly load: boolean }): unknown;
  /** Why there is nothing to show, and what to do. */
  notLoaded(gateway: Gateway, name: string): string;
}

/**
 * A folder of documents that belong to no gateway (e.g. the Webhook Inbox's deliveries): its URIs' authority is a
 * fixed name, never looked up among the gateways. `text` writes the value (default: JSON with the editor's indentation).
 */
export interface LocalDocumentSource {
  readonly folder: string;
  readonly local: true;
  content(name: string): unknown;
  notLoaded(name: string): string;
  text?(value: unknown, indent: { readonly insertSpaces: boolean; readonly tabSize: number }): string;
}

function isLocal(source: DocumentSource | LocalDocumentSource): source is LocalDocumentSource {
  return 'local' in source && source.local;
}

export class JsonDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  public readonly onDidChange: vscode.Event<vscode.Uri> = this.changed.event;
  /** Last content shown per open document: kept while an item is briefly unloaded (e.g. during a refresh). */
  private readonly snapshots = new Map<string, unknown>();
  /** The text last produced per document, with the value and indentation it came from (no re-stringifying). */
  private readonly rendered = new Map<string, { value: unknown; indent: string; text: string }>();
  private readonly sources = new Map<string, DocumentSource | LocalDocumentSource>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  public constructor(
    private readonly registry: GatewayRegistry,
    sources: readonly DocumentSource[],
  ) {
    sources.forEach((source) => this.addSource(source));
    this.subscriptions.push(
      // A closed document's snapshot is released.
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === SCHEME) {
          this.snapshots.delete(document.uri.toString());
          this.rendered.delete(document.uri.toString());
        }
      }),
      registry.onDidChange(() => this.refreshOpenDocuments()),
    );
  }

  /** One more document folder (a feature's); a folder is served by one source. */
  public addSource(source: DocumentSource): void {
    if (this.sources.has(source.folder)) {
      // l10n-ignore: a programming error (two features claim one folder), never shown to users
      throw new Error(`The document folder ${source.folder} already has a source`);
    }
    this.sources.set(source.folder, source);
  }

  /** A feature's folders go when the feature does. */
  public removeSource(folder: string): void {
    this.sources.delete(folder);
  }

  /** Adds a folder of documents that belong to no gateway; disposing it removes the folder. */
  public addLocalSource(source: LocalDocumentSource): vscode.Disposable {
    this.sources.set(source.folder, source);
    return { dispose: () => this.sources.delete(source.folder) };
  }

  public static uri(address: DocumentAddress): vscode.Uri {
    return vscode.Uri.from({ scheme: SCHEME, ...documentLocation(address) });
  }

  public static address(uri: vscode.Uri): DocumentAddress | undefined {
    return uri.scheme === SCHEME ? parseDocumentLocation(uri.authority, uri.path) : undefined;
  }

  /** Opens `address` in a preview tab; `snapshot` is the value to show when the sources do not have it. */
  public async open(address: DocumentAddress, snapshot: unknown, preview = true): Promise<vscode.TextEditor> {
    // The document open already (under the title it had then, if the item was renamed since), else a new one.
    const open = vscode.workspace.textDocuments.find((doc) => {
      const other = JsonDocumentProvider.address(doc.uri);
      return other !== undefined && sameDocument(other, address);
    });
    const uri = open === undefined ? this.remember(address, snapshot) : this.remember(JsonDocumentProvider.address(open.uri) ?? address, snapshot);
    if (open) {
      this.changed.fire(uri);
    }
    const document = open ?? (await vscode.workspace.openTextDocument(uri));
    return vscode.window.showTextDocument(document, { preview });
  }

  /** The URI of `address`, with `snapshot` kept as its fallback content (for diffs, which open documents themselves). */
  public remember(address: DocumentAddress, snapshot: unknown): vscode.Uri {
    const uri = JsonDocumentProvider.uri(address);
    if (snapshot !== undefined) {
      this.snapshots.set(uri.toString(), snapshot);
    }
    return uri;
  }

  /** Tells open documents to re-read their content (coalesced). Called when the trees' data changes. */
  public refreshOpenDocuments(): void {
    if (this.timer !== undefined) {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Only documents that have a tab (diff sides included): the editor keeps closed documents in memory for a
      // while, and re-reading those could send requests nobody asked for.
      const inTabs = new Set(
        vscode.window.tabGroups.all.flatMap((group) =>
          group.tabs.flatMap((tab) => {
            const input = tab.input;
            const uris =
              input instanceof vscode.TabInputText ? [input.uri] : input instanceof vscode.TabInputTextDiff ? [input.original, input.modified] : [];
            return uris.filter((uri) => uri.scheme === SCHEME).map((uri) => uri.toString());
          }),
        ),
      );
      for (const document of vscode.workspace.textDocuments) {
        if (inTabs.has(document.uri.toString()) && !document.isClosed && this.stale(document.uri)) {
          this.changed.fire(document.uri);
        }
      }
    }, 50);
  }

  public async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const address = JsonDocumentProvider.address(uri);
    const indent = editorIndent();
    const source = address && this.sources.get(address.folder);
    if (!address || !source) {
      return formatJson({ message: l10n.t('This is not a Page Gateway document.') }, indent);
    }
    const key = uri.toString();
    if (isLocal(source)) {
      const value = source.content(address.name);
      return value === undefined ? formatJson({ message: source.notLoaded(address.name) }, indent) : this.render(key, value, indent, source.text);
    }
    const gateway = this.registry.byName(address.gateway);
    if (gateway === undefined || gateway.removed) {
      const last = this.snapshots.get(key);
      return formatJson(
        {
          message: l10n.t(
            'The gateway “{0}” is no longer configured in this window, so this document is not updated. Add it again with “Page Gateway: Add Gateway…”.',
            address.gateway,
          ),
          ...(last === undefined ? {} : { lastLoaded: last }),
        },
        indent,
      );
    }
    const current = await source.content(gateway, address.name, { load: true });
    if (current !== undefined) {
      this.snapshots.set(key, current);
      return this.render(key, current, indent);
    }
    if (this.snapshots.has(key)) {
      return this.render(key, this.snapshots.get(key), indent);
    }
    const text = formatJson({ message: source.notLoaded(gateway, address.name) }, indent);
    this.rendered.set(key, { value: NOT_LOADED, indent: '', text });
    return text;
  }

  /** Whether an open document would now show another value than it does (looks only: loads nothing). */
  private stale(uri: vscode.Uri): boolean {
    const address = JsonDocumentProvider.address(uri);
    const source = address && this.sources.get(address.folder);
    if (!address || !source) {
      return true;
    }
    if (isLocal(source)) {
      return source.content(address.name) !== this.rendered.get(uri.toString())?.value;
    }
    const gateway = this.registry.byName(address.gateway);
    if (!gateway || gateway.removed) {
      return true;
    }
    const last = this.rendered.get(uri.toString());
    const current = source.content(gateway, address.name, { load: false });
    return last === undefined || (current !== undefined && current !== last.value);
  }

  private render(key: string, value: unknown, indent: { insertSpaces: boolean; tabSize: number }, write: LocalDocumentSource['text'] = formatJson): string {
    const indentKey = `${indent.insertSpaces}:${indent.tabSize}`;
    const last = this.rendered.get(key);
    if (last && last.value === value && last.indent === indentKey) {
      return last.text;
    }
    const text = write(value, indent);
    this.rendered.set(key, { value, indent: indentKey, text });
    return text;
  }

  public dispose(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}

/** What `rendered` records for a document that says its item is not loaded. */
const NOT_LOADED = Symbol('not loaded'); // l10n-ignore: a symbol's description, never shown

function editorIndent(): { insertSpaces: boolean; tabSize: number } {
  const config = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  const tabSize = Number(config.get<number | string>('tabSize', 4));
  return { insertSpaces: config.get<boolean>('insertSpaces', true) !== false, tabSize: Number.isFinite(tabSize) ? tabSize : 4 };
}
