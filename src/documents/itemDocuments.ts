/**
 * The document of any item: `page-gateway://<gateway>/<kind folder>/<id>/<label> · <id>.json` (the tab names the item),
 * or a snapshot when it has no id.
 */
import type { DocumentAddress } from './documentPaths';
import { SNAPSHOT_FOLDER } from './jsonSources';
import type { ItemRef } from '../model/resource';

export interface ItemDocument {
  readonly address: DocumentAddress;
  /** Shown when the item is not loaded any more. */
  readonly snapshot: unknown;
}

export function itemDocument(ref: ItemRef): ItemDocument {
  const id = ref.kind.idOf(ref.item.value);
  const address: DocumentAddress =
    id === undefined
      ? { gateway: ref.gateway.name, folder: SNAPSHOT_FOLDER, name: ref.kind.words.titled(ref.kind.label(ref.item.value)) }
      : { gateway: ref.gateway.name, folder: ref.kind.folder, name: id, title: ref.kind.documentTitle?.(ref.item.value) ?? ref.kind.label(ref.item.value) };
  return { address, snapshot: ref.item.raw };
}
