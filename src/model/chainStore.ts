/**
 * The store of a list the gateway returns in pages (a `PagedList`): one cursor chain per gateway, reading its pages
 * through the gateway's connection, and what every kind of such a list answers from it (what is loaded, an item by
 * id, how much is loaded, a scan). A resource whose list is paged declares its `PagedList` and gets all of this.
 * No `vscode` import.
 */
import type { ApiRequest } from '../api/apiRequest';
import type { Checked, PagedList } from '../api/model';
import { CursorChain, type PageRequest } from '../lists/paging';
import { pageRequest } from '../api/requests';
import type { Gateway, GatewayStore, StoreFactory } from '../gateway/gateway';
import { chainExtent, scanChain } from './chainScan';
import type { ResourceKind } from './resource';
import type { ListSource } from './listSource';
import { chainPlan } from './listPlans';
import { chainLoadAll } from './chainLoadAll';

/** A gateway's paged list: one cursor chain. */
export class ChainStore<T> implements GatewayStore {
  public readonly chain: CursorChain<Checked<T>>;

  public constructor(gateway: Gateway, list: PagedList<T>, idOf: (value: T) => string | undefined) {
    this.chain = new CursorChain<Checked<T>>(
      (request, signal) => gateway.connection.withClient((client) => client.listPage(list, request, signal)),
      (item) => idOf(item.value),
    );
  }

  public reset(): void {
    this.chain.reset();
  }

  public dispose(): void {
    this.chain.reset();
  }
}

/** A paged list as the explorer reads it: its contract, its store on each gateway and the request of each page. */
export interface ChainList<T> extends ListSource<T> {
  readonly contract: PagedList<T>;
  readonly store: StoreFactory<ChainStore<T>>;
  /** The request of a page (none: the first), as the client sends it. */
  request(gateway: Gateway, page: PageRequest): ApiRequest;
}

/** The chain list of `contract`, its items told apart by `idOf`. */
export function chainList<T>(contract: PagedList<T>, idOf: (value: T) => string | undefined): ChainList<T> {
  const store: StoreFactory<ChainStore<T>> = { name: contract.resource, create: (gateway) => new ChainStore<T>(gateway, contract, idOf) };
  const request = (gateway: Gateway, page: PageRequest): ApiRequest => pageRequest(gateway.base.href, contract.path, page);
  return {
    pageable: true,
    contract,
    store,
    request,
    list: (gateway) => gateway.store(store).chain,
    existing: (gateway) => gateway.existingStore(store)?.chain,
    firstRequest: (gateway, limit) => request(gateway, { limit }),
    nextRequest: (gateway, limit) => {
      const cursor = gateway.existingStore(store)?.chain.nextPageCursor;
      return request(gateway, cursor === undefined ? { limit } : { cursor, limit });
    },
    itemRequest: (gateway, index) => {
      const page = gateway.existingStore(store)?.chain.requestOf(index);
      return page === undefined ? undefined : request(gateway, page);
    },
    exportPlan: (gateway, kind, several) => chainPlan(gateway, kind, gateway.store(store).chain, { what: kind.words.heading(), nameParts: [kind.folder], several }),
    loadAll: (gateway, kind) => chainLoadAll(gateway, kind, () => gateway.store(store).chain),
  };
}

/** The members of a `ResourceKind` that a paged list answers: what is loaded, an item by id, the extent, a scan. */
export function chainKindMembers<T>(source: ChainList<T>, idOf: (value: T) => string | undefined): Pick<ResourceKind<T>, 'loaded' | 'find' | 'extent' | 'scan'> {
  return {
    loaded: (gateway) => gateway.existingStore(source.store)?.chain.items ?? [],
    find: (gateway, id) => gateway.existingStore(source.store)?.chain.items.find((item) => idOf(item.value) === id),
    extent: (gateway) => chainExtent(gateway.existingStore(source.store)?.chain),
    scan: (gateway, signal, onItems) => scanChain(gateway.store(source.store).chain, signal, (items, progress) => onItems(items, progress.scanned)),
  };
}
