/** Every resource kind the explorer knows. Generic code (pickers, documents, copy, compare) iterates this list. */
import type { ResourceKind } from '../model/resource';
import { PAGE_GROUP } from '../features/pageGroups/pageGroupKind';
import { WEBHOOK } from '../features/webhooks/webhookKind';

export const RESOURCE_KINDS: readonly ResourceKind<unknown>[] = [PAGE_GROUP as ResourceKind<unknown>, WEBHOOK as ResourceKind<unknown>];

export function kindByFolder(folder: string): ResourceKind<unknown> | undefined {
  return RESOURCE_KINDS.find((kind) => kind.folder === folder);
}

export function kindById(id: string): ResourceKind<unknown> | undefined {
  return RESOURCE_KINDS.find((kind) => kind.id === id);
}
