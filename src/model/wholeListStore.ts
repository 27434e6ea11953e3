/**
 * The store of a list the gateway returns whole (a `WholeList`: a bare array, no paging): one `Loadable` per gateway,
 * read through the gateway's connection, read by the generic list tree as a list of one page, and what every kind of
 * such a list answers from it (what is loaded, an item by id, how much is loaded, loading it when asked). A resource
 * whose list is a bare array declares its `WholeList` and gets all of this. No `vscode` import.
 */
import type { ApiRequest } from '../api/apiRequest';
import type { Checked, WholeList } from '../api/model';
import { wholeListRequest } from '../api/requests';
import type { Gateway, StoreFactory } from '../gateway/gateway';
import { Loadable } from '../lists/loadable';
import { loadableExtent } from './chainScan';
import type { ListSource, TreeList } from './listSource';
import { wholeListPlan } from './listPlans';
import type { ResourceKind } from './resource';

/** A whole list read as a list of one page: "Load more…" never shows; a refresh reads it again. */
class WholeTreeList<T> implements TreeList<T> {
  public constructor(private readonly list: Loadable<Checked<T>>) {}

  public get items(): readonly Checked<T>[] {
    return this.list.items;
  }

  public get started(): boolean {
    return this.list.started;
  }

  public get loading(): boolean {
    return this.list.loading;
  }

  public get hasMore(): boolean {
    return this.list.hasMore;
  }

  public get error(): TreeList<T>['error'] {
    return this.list.error;
  }

  public get refreshing(): boolean {
    return this.list.refreshing;
  }

  public get pages(): number {
    return this.list.loaded ? 1 : 0;
  }

  public get notice(): undefined {
    return undefined;
  }

  public get capped(): boolean {
    return false;
  }

  public get version(): number {
    return this.list.version;
  }

  /** Every answer replaces the items: a new epoch at each change. */
  public get epoch(): number {
    return this.list.version;
  }

  public onDidChange(listener: () => void): { dispose(): void } {
    return this.list.onDidChange(listener);
  }

  public loadMore(_limit: number, signal?: AbortSignal): Promise<void> {
    return this.list.ensure(signal);
  }

  public refresh(): void {
    void this.list.reload();
  }

  public reset(): void {
    this.list.reset();
  }
}

/** A whole list as the explorer reads it: its contract and its store on each gateway. */
export interface WholeListSource<T> extends ListSource<T> {
  readonly contract: WholeList<T>;
  readonly store: StoreFactory<Loadable<Checked<T>>>;
}

/**
 * The whole list of `contract`, its items told apart by `idOf`; `idField`, the field that holds the id, lets Copy as
 * cURL pick one item out of the list's answer.
 */
export function wholeList<T>(contract: WholeList<T>, idOf: (value: T) => string | undefined, idField?: string): WholeListSource<T> {
  const store: StoreFactory<Loadable<Checked<T>>> = {
    name: contract.resource,
    create: (gateway) => new Loadable<Checked<T>>((signal) => gateway.connection.withClient((client) => client.readList(contract, signal)), (item) => idOf(item.value)),
  };
  const request = (gateway: Gateway): ApiRequest => wholeListRequest(gateway.base.href, contract.path);
  return {
    pageable: false,
    contract,
    store,
    list: (gateway) => new WholeTreeList(gateway.store(store)),
    existing: (gateway) => {
      const list = gateway.existingStore(store);
      return list === undefined ? undefined : new WholeTreeList(list);
    },
    firstRequest: (gateway) => request(gateway),
    nextRequest: (gateway) => request(gateway),
    // The contract lists it whole: the list's request, picking this one out when it has an id.
    itemRequest: (gateway, _index, id) => (id === undefined || idField === undefined ? request(gateway) : { ...request(gateway), select: { field: idField, value: id } }),
    exportPlan: (gateway, kind, several) => wholeListPlan(gateway, kind, gateway.store(store), { what: kind.words.heading(), nameParts: [kind.folder], several }),
    loadAll: () => undefined,
  };
}

/** The members of a `ResourceKind` that a whole list answers: what is loaded, an item by id, the extent, a load. */
export function wholeKindMembers<T>(source: WholeListSource<T>, idOf: (value: T) => string | undefined): Pick<ResourceKind<T>, 'loaded' | 'find' | 'extent' | 'ensureLoaded'> {
  return {
    loaded: (gateway) => gateway.existingStore(source.store)?.items ?? [],
    find: (gateway, id) => gateway.existingStore(source.store)?.items.find((item) => idOf(item.value) === id),
    extent: (gateway) => loadableExtent(gateway.existingStore(source.store)),
    ensureLoaded: (gateway) => gateway.store(source.store).ensure(),
  };
}
