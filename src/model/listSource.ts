/**
 * A list as the generic list tree reads and drives it, whichever way the gateway returns it: a cursor chain (pages,
 * "Load more…") or a whole list (one request). `chainList` and `wholeList` make one from the list's contract, so a
 * resource declares its list and gets its store, its requests, its export plan and its Load All. No `vscode` import.
 */
import type { ApiRequest } from '../api/apiRequest';
import type { GatewayError } from '../api/errors';
import type { Checked } from '../api/model';
import type { ChainNotice } from '../lists/paging';
import type { Gateway } from '../gateway/gateway';
import type { ExportPlan } from './exportPlan';
import type { LoadAllTarget } from './loadAllTarget';
import type { ResourceKind } from './resource';

/** What the tree reads of a gateway's list (a CursorChain is one; a whole list is read as one through an adapter). */
export interface TreeList<T> {
  /** The items loaded, in server order. */
  readonly items: readonly Checked<T>[];
  readonly started: boolean;
  readonly loading: boolean;
  /** More can be loaded ("Load more…"). */
  readonly hasMore: boolean;
  readonly error: GatewayError | undefined;
  /** The items are from before a refresh that has not landed (or that failed). */
  readonly refreshing: boolean;
  /** Pages loaded since the last reset (a whole list: 1 once loaded). */
  readonly pages: number;
  /** Why paging stopped early, when the gateway broke the paging rules. */
  readonly notice: ChainNotice | undefined;
  /** More pages, but the load limit forbids them. */
  readonly capped: boolean;
  /** Changes whenever the list changed. */
  readonly version: number;
  /** Between two equal epochs the items only grew at their end. */
  readonly epoch: number;
  onDidChange(listener: () => void): { dispose(): void };
  /** The first page, the next one, or the whole list; joins a load in flight. */
  loadMore(limit: number, signal?: AbortSignal): Promise<void>;
  /** Back to the first page (or the list again): the items stay until the answer lands. */
  refresh(): void;
  /** Back to "nothing loaded". */
  reset(): void;
}

export interface ListSource<T> {
  /** Whether the list comes in pages (Load more…, Load All); a list the gateway returns whole does not. */
  readonly pageable: boolean;
  /** The gateway's list (its store is created on first use; loads nothing by itself). */
  list(gateway: Gateway): TreeList<T>;
  /** The gateway's list when its store exists (creates nothing). */
  existing(gateway: Gateway): TreeList<T> | undefined;
  /** The request the view sends first (the first page of `limit`, or the whole list). */
  firstRequest(gateway: Gateway, limit: number): ApiRequest;
  /** The request "Load more…" sends now. */
  nextRequest(gateway: Gateway, limit: number): ApiRequest;
  /** The request the item at `index` came from, when it is known. */
  itemRequest(gateway: Gateway, index: number, id: string | undefined): ApiRequest | undefined;
  /** What Export… writes of the gateway's list. */
  exportPlan(gateway: Gateway, kind: ResourceKind<T>, several: boolean): ExportPlan;
  /** Load All of the gateway's list; undefined for a list that is read whole. */
  loadAll(gateway: Gateway, kind: ResourceKind<T>): LoadAllTarget | undefined;
}
