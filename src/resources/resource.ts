/**
 * One kind of gateway resource, described once: how to reach what is loaded of it on a gateway, its id, its words,
 * its document folder. Code that works on "any item" (Open as JSON, Copy ID, Compare, pickers, documents, the status
 * bar) goes through this interface and never asks which kind it has. A new list endpoint is one more `ResourceKind`
 * (next to its view, in its view folder) added to `RESOURCE_KINDS`.
 */
import type { Checked } from '../api/model';
import type { Gateway } from '../gateway/gateway';

export interface ResourceKind<T> {
  /** Stable identifier, e.g. `pageGroup`. */
  readonly id: string;
  /** Folder of its JSON documents: `page-gateway://<gateway>/<folder>/<id>.json`. */
  readonly folder: string;
  /** Words for messages and pickers: "page group" / "page groups". */
  readonly noun: { readonly one: string; readonly many: string };
  /** Codicon shown in pickers. */
  readonly icon: string;
  /** The view that shows it (for "reveal" and "focus"). */
  readonly viewId: string;
  /** Its fields in the API contract, in the contract's order (the first columns of a CSV export). */
  readonly fields: readonly string[];
  idOf(value: T): string | undefined;
  label(value: T): string;
  description(value: T): string;
  /** Markdown (server text escaped). */
  tooltip(item: Checked<T>): string;
  /** The second line in pickers. */
  pickDetail(value: T): string;
  /** Everything loaded of this kind on `gateway`, once per id. */
  loaded(gateway: Gateway): Iterable<Checked<T>>;
  /** The loaded item with this id on `gateway`. */
  find(gateway: Gateway, id: string): Checked<T> | undefined;
  /**
   * Loads what is needed so that `find` can answer, when that is cheap (one request at most), e.g. a list the gateway
   * returns whole. Absent when finding an unloaded item would need a scan.
   */
  ensureLoaded?(gateway: Gateway): Promise<void>;
}

/** An item of a resource on a gateway: what every generic command works on. */
export interface ItemRef<T = unknown> {
  readonly gateway: Gateway;
  readonly kind: ResourceKind<T>;
  readonly item: Checked<T>;
}

export function itemId<T>(ref: ItemRef<T>): string | undefined {
  return ref.kind.idOf(ref.item.value);
}
