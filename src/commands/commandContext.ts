/** What the commands work with; built once by `extension.ts`. */
import type * as vscode from 'vscode';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { Settings } from '../config/settings';
import type { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import type { GatewayRegistry } from '../gateway/registry';
import type { Logger } from '../log/logger';
import type { IdIndex } from '../model/idIndex';
import type { CompareSelection } from './compareSelection';
import type { TreeReveal } from '../views/treeReveal';
import type { PageGroupsNode, PageGroupsProvider } from '../features/pageGroups/view/pageGroupsProvider';
import type { WebhooksNode, WebhooksProvider } from '../features/webhooks/view/webhooksProvider';

export interface CommandContext {
  readonly keys: ApiKeyStore;
  readonly consent: InsecureConsent;
  readonly registry: GatewayRegistry;
  readonly logger: Logger;
  readonly settings: () => Settings;
  readonly pageGroups: PageGroupsProvider;
  readonly pageGroupsView: vscode.TreeView<PageGroupsNode>;
  readonly webhooks: WebhooksProvider;
  readonly webhooksView: vscode.TreeView<WebhooksNode>;
  readonly documents: JsonDocumentProvider;
  readonly reveal: TreeReveal;
  readonly compare: CompareSelection;
  /** Loaded items by id, on every gateway. */
  readonly ids: IdIndex;
}

export { PAGE_GROUPS_VIEW, WEBHOOKS_VIEW } from '../views/viewIds';
