/** The Page Groups view's own documents: all loaded page groups of one status, or of "(no status)". */
import * as l10n from '@vscode/l10n';
import type { DocumentAddress } from '../../documents/documentPaths';
import type { DocumentSource } from '../../documents/jsonDocumentProvider';
import type { Gateway } from '../../gateway/gateway';
import { groupLabel } from './text/groupPresentation';
import { PAGE_GROUPS_STORE } from './pageGroupKind';
import { NO_STATUS, type GroupKey, type PageGroupsModel } from './model/pageGroupsModel';

const STATUS_FOLDER = 'status';
const NO_STATUS_FOLDER = 'no-status';
const NO_STATUS_NAME = 'page-groups';

export function statusDocument(gateway: Gateway, key: GroupKey): DocumentAddress {
  return key === NO_STATUS
    ? { gateway: gateway.name, folder: NO_STATUS_FOLDER, name: NO_STATUS_NAME }
    : { gateway: gateway.name, folder: STATUS_FOLDER, name: key };
}

/** The raw items of a group, the same array while its chain did not change (documents compare by identity). */
const contents = new WeakMap<PageGroupsModel, Map<GroupKey, { version: number; value: unknown[] }>>();

function groupContent(gateway: Gateway, key: GroupKey): unknown {
  const model = gateway.existingStore(PAGE_GROUPS_STORE);
  const chain = model?.chain(key);
  if (!model || !chain || (!chain.started && !chain.refreshing)) {
    return undefined;
  }
  let byKey = contents.get(model);
  if (!byKey) {
    byKey = new Map();
    contents.set(model, byKey);
  }
  const cached = byKey.get(key);
  if (cached && cached.version === chain.version) {
    return cached.value;
  }
  const value = model.itemsOf(key).map((item) => item.raw);
  byKey.set(key, { version: chain.version, value });
  return value;
}

export const statusDocumentSources: readonly DocumentSource[] = [
  {
    folder: STATUS_FOLDER,
    content: (gateway, status) => groupContent(gateway, status),
    notLoaded: (gateway, status) =>
      l10n.t(
        'No page groups with status “{0}” are loaded from the gateway “{1}” in this window. Expand that status in the Page Groups view, then use “Open as JSON” on it again.',
        status,
        gateway.name,
      ),
  },
  {
    folder: NO_STATUS_FOLDER,
    content: (gateway, name) => (name === NO_STATUS_NAME ? groupContent(gateway, NO_STATUS) : undefined),
    notLoaded: (gateway) =>
      l10n.t(
        'No page groups without a status are loaded from the gateway “{0}” in this window. Open the Page Groups view, then use “Open as JSON” on “{1}” again.',
        gateway.name,
        groupLabel(NO_STATUS),
      ),
  },
];
