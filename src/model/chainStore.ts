/**
 * The store of a list the gateway returns in pages (a `PagedList`): one cursor chain per gateway, reading its pages
 * through the gateway's connection, and what every kind of such a list answers from it (what is loaded, an item by
 * id, how much is loaded, a scan). A resource whose list is paged declares its `PagedList` and gets all of this.
 * No `vscode` import.
 */
import type { ApiRequest } from '../api/apiRequest';
import type { Checked, PagedList } from '../api/model';
import { CursorChain, type PageRequest } from '../api/paging';
import { pageRequest } from '../api/requests';
import type { Gateway, GatewayStore, StoreFactory } from '../gateway/gateway';
import { chainExtent, scanChain } from './chainScan';
import type { ResourceKind } from './resource';

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
export interface ChainList<T> {
  readonly list: PagedList<T>;
  readonly store: StoreFactory<ChainStore<T>>;
  /** The request of a page (none: the first), as the client sends it. */
  request(gateway: Gateway, page: PageRequest): ApiRequest;
}

/** The chain list of `list`, its items told apart by `idOf`. */
export function chainList<T>(list: PagedList<T>, idOf: (value: T) => string | undefined): ChainList<T> {
  return {
    list,
    store: { name: list.resource, create: (gateway) => new ChainStore<T>(gateway, list, idOf) },
    request: (gateway, page) => pageRequest(gateway.base.href, list.path, page),
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
