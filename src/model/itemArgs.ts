/**
 * Items as command arguments: a row (which carries its `ref`) or, where only JSON can travel (command links in a
 * hover), the item's address `{ gateway, kind, id }`.
 */
import type { ItemRef } from './resource';
import type { ResourceKinds } from './resourceKinds';
import type { GatewayRegistry } from '../gateway/registry';

export interface ItemAddress {
  /** The gateway's name. */
  readonly gateway: string;
  /** The ResourceKind's id. */
  readonly kind: string;
  readonly id: string;
}

export function itemAddress(ref: ItemRef): ItemAddress | undefined {
  const id = ref.kind.idOf(ref.item.value);
  return id === undefined ? undefined : { gateway: ref.gateway.name, kind: ref.kind.id, id };
}

function isItemAddress(value: unknown): value is ItemAddress {
  const v = value as Partial<Record<keyof ItemAddress, unknown>> | null;
  return typeof v === 'object' && v !== null && typeof v.gateway === 'string' && typeof v.kind === 'string' && typeof v.id === 'string';
}

/** The item a command argument stands for: a row's `ref`, or a loaded item found by its address. */
export function itemOf(registry: GatewayRegistry, kinds: ResourceKinds, arg: unknown): ItemRef | undefined {
  const ref = typeof arg === 'object' && arg !== null ? (arg as { ref?: ItemRef }).ref : undefined;
  if (ref !== undefined) {
    return ref;
  }
  if (!isItemAddress(arg)) {
    return undefined;
  }
  const gateway = registry.byName(arg.gateway);
  const kind = kinds.byId(arg.kind);
  const item = gateway && kind?.find(gateway, arg.id);
  return gateway && kind && item ? { gateway, kind, item } : undefined;
}

/**
 * `command:<id>?<args>` for a Markdown link. The characters `encodeURIComponent` leaves as they are and Markdown reads
 * in a link's destination (`(`, `)`, `'`, `!`, `*`, `~`) are percent-encoded too: an id with an unbalanced `)` would
 * otherwise end the link early, and the click would run the command without its argument.
 */
export function commandLink(command: string, ...args: unknown[]): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${encoded}`;
}
