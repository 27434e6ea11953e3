/** Test-only resource kinds and gateways for the generic models (no `vscode`): a kind holds its items per gateway name. */
import type { Checked } from '../../../src/api/model';
import type { Gateway } from '../../../src/gateway/gateway';
import type { GatewayRegistry } from '../../../src/gateway/registry';
import type { ResourceKind, ResourceWords } from '../../../src/model/resource';

export interface Thing {
  readonly id?: string;
  readonly title?: string;
}

export function fakeGateway(name: string): Gateway {
  return { name } as unknown as Gateway;
}

export function fakeRegistry(gateways: readonly Gateway[]): GatewayRegistry {
  return {
    gateways: () => [...gateways],
    byName: (name: string) => gateways.find((gateway) => gateway.name === name),
  } as unknown as GatewayRegistry;
}

export function thing(id: string | undefined, title = ''): Checked<Thing> {
  const value = id === undefined ? { title } : { id, title };
  return { raw: value, value, problems: [] };
}

export interface FakeKind extends ResourceKind<Thing> {
  /** The loaded items per gateway name; tests change it. */
  readonly byGateway: Map<string, Checked<Thing>[]>;
}

const words = (noun: string): ResourceWords => ({
  one: () => noun,
  heading: () => `${noun}s`,
  count: (n) => `${n} ${noun}s`,
  onGateway: (gateway) => `${noun} on ${gateway}`,
  titled: (label) => `${noun} ${label}`,
  copiedId: (id) => `Copied ${noun} ID ${id}`,
  none: () => `No ${noun}s`,
  noneLoaded: () => `No ${noun}s are loaded`,
  loadingAll: (scope, gateway) => `Loading all ${scope ?? ''} ${noun}s of ${gateway ?? ''}`,
  loadedAll: (n, scope, gateway) => `Loaded all ${n} ${noun}s of ${scope ?? ''} on ${gateway ?? ''}`,
  loadAllStopped: (n, problem, scope, gateway) => `Load All of ${scope ?? ''} ${noun}s of ${gateway ?? ''} stopped after ${n}: ${problem}`,
  notAllScanned: () => `not every ${noun}`,
  notLoaded: (id, gateway) => `${noun} ${id} of ${gateway} is not loaded`,
  couldNotLoad: (more) => (more ? `Couldn't load more ${noun}s` : `Couldn't load ${noun}s`),
  breaksContract: (problems, hint) => `${noun}s break the contract (${problems}). ${hint}`,
  tooManyInPage: (count, limit, hint) => `${count} ${noun}s in a page of ${limit}. ${hint}`,
});

export function fakeKind(id: string, options: { folder?: string; listName?: string } = {}): FakeKind {
  const byGateway = new Map<string, Checked<Thing>[]>();
  const loaded = (gateway: Gateway): Checked<Thing>[] => byGateway.get(gateway.name) ?? [];
  return {
    byGateway,
    id,
    listName: options.listName ?? `${id}List`,
    folder: options.folder ?? `${id}s`,
    words: words(id),
    icon: 'symbol-field',
    viewId: `test.${id}`,
    fields: ['id', 'title'],
    idOf: (value) => value.id,
    label: (value) => value.title ?? '',
    description: () => '',
    tooltip: () => '',
    pickDetail: () => '',
    loaded,
    find: (gateway, wanted) => loaded(gateway).find((item) => item.value.id === wanted),
    extent: (gateway) => ({ loaded: loaded(gateway).length, complete: byGateway.has(gateway.name) }),
  };
}
