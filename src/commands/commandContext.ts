/** What the commands work with; built once by `extension.ts`. Nothing here names a resource: the lists are the features'. */
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { Settings } from '../config/settings';
import type { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import type { GatewayRegistry } from '../gateway/registry';
import type { Logger } from '../log/logger';
import type { IdIndex } from '../model/idIndex';
import type { ResourceKinds } from '../model/resourceKinds';
import type { ListFocus } from '../views/listFocus';
import type { ListView } from '../views/listView';
import type { TreeReveal } from '../views/treeReveal';
import type { CompareSelection } from './compareSelection';
import type { Milestones } from '../model/walkthroughProgress';

/** A command handler, as `vscode.commands.registerCommand` takes it. */
export type CommandHandler = (...args: never[]) => unknown;

export interface CommandContext {
  readonly keys: ApiKeyStore;
  readonly consent: InsecureConsent;
  readonly registry: GatewayRegistry;
  readonly logger: Logger;
  readonly settings: () => Settings;
  /** Every resource kind, in the features' order. */
  readonly kinds: ResourceKinds;
  /** Every feature's view, in the features' order. */
  readonly lists: readonly ListView[];
  /** The list view the user was in last (the generic commands run without a row act on it). */
  readonly listFocus: ListFocus;
  readonly documents: JsonDocumentProvider;
  readonly reveal: TreeReveal;
  readonly compare: CompareSelection;
  /** Loaded items by id, on every gateway. */
  readonly ids: IdIndex;
  /** Where commands tell the walkthrough what the user did. */
  readonly milestones: Milestones;
  /** The hints this window has given already (a hint said once a window, e.g. how to set cURL's key variable). */
  readonly saidOnce: Set<string>;
}
