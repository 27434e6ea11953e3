/**
 * How a resource feature plugs in. A feature (src/features/<name>/) is everything specific to one resource: its kind,
 * its store, its tree, its commands, its documents. It exports one `Feature`; src/features/features.ts lists them, and
 * `extension.ts` wires each the same way: its view joins the generic commands (refresh, copy, export, reveal, Go to
 * ID), its documents the JSON document provider, its changes the id index.
 */
import type * as vscode from 'vscode';
import type { CommandContext, CommandHandler } from '../commands/commandContext';
import type { Settings } from '../config/settings';
import type { DocumentSource, JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import type { Logger } from '../log/logger';
import type { GatewayRegistry } from '../gateway/registry';
import type { ResourceKind } from '../model/resource';
import type { ListView } from '../views/listView';
import type { Milestones } from '../model/walkthroughProgress';

/** What a feature may use while it activates. */
export interface FeatureServices {
  readonly registry: GatewayRegistry;
  readonly settings: () => Settings;
  readonly logger: Logger;
  /** Where a feature adds documents of its own that belong to no gateway (its item documents come from its kind). */
  readonly documents: JsonDocumentProvider;
  /** The window's workspace state (e.g. what was expanded when it last closed). */
  readonly workspaceState: vscode.Memento;
  /** The editor's global state (e.g. the hosts the user confirmed the Webhook Inbox may forward to). */
  readonly globalState?: vscode.Memento;
  /** A folder of the extension's own for this workspace (or for all when no folder is open); undefined when none. */
  readonly storageUri?: vscode.Uri;
  /** Where a feature tells the walkthrough what the user did. */
  readonly milestones: Milestones;
  /** The extension's folder (a webview's own files are under it). */
  readonly extensionUri: vscode.Uri;
}

export interface Feature<TestApi extends object = object> {
  /** The resource the feature lists. */
  readonly kind: ResourceKind<unknown>;
  /** Creates the feature's view and state for this window. */
  activate(services: FeatureServices): ActiveFeature<TestApi>;
}

export interface ActiveFeature<TestApi extends object = object> extends vscode.Disposable {
  readonly list: ListView;
  /** Document folders of the feature's own (its item documents come from its kind). */
  readonly documentSources: readonly DocumentSource[];
  /** The feature's own commands by id (contributed in package.json); run with the window's command context. */
  commands(ctx: CommandContext): Readonly<Record<string, CommandHandler>>;
  /** Registers the feature's language-model tools (their code loads at first call); absent when it has none. */
  registerTools?(ctx: CommandContext): vscode.Disposable[];
  /** Settings under `pageGateway.` changed (their names without the prefix). */
  settingsChanged(changed: ReadonlySet<string>): void;
  /** What the extension-host tests reach of this feature. */
  readonly testApi: TestApi;
}
