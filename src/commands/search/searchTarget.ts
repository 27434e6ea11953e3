/**
 * What Search searches: which list (the kind of the row it runs on, else the first list that can be searched) and
 * which gateways (the row's; else those of the rows selected in that list's view; else every gateway that can be read).
 */
import type { Gateway } from '../../gateway/gateway';
import { gatewayCondition } from '../../gateway/gatewayText';
import type { ResourceKind } from '../../model/resource';
import type { ListView } from '../../views/listView';
import type { CommandContext } from '../commandContext';
import { gatewayOf } from '../gatewayPicker';

/** Whether Search can go through `kind`'s list: it says what to match, and how to read the whole list. */
export function isSearchable(kind: ResourceKind<unknown>): boolean {
  return kind.searchText !== undefined && (kind.scan !== undefined || kind.ensureLoaded !== undefined);
}

/** The kind a command argument names: an item row's, a paged list row's (`loadAll`), or `{ kind }` (a kind or its id). */
function kindOf(ctx: CommandContext, arg: unknown): ResourceKind<unknown> | undefined {
  if (typeof arg !== 'object' || arg === null) {
    return undefined;
  }
  const row = arg as { readonly ref?: { readonly kind?: unknown }; readonly loadAll?: { readonly kind?: unknown }; readonly kind?: unknown };
  const candidates = [row.ref?.kind, row.loadAll?.kind, row.kind];
  for (const candidate of candidates) {
    const known = ctx.kinds.all().find((kind) => kind === candidate || kind.id === candidate);
    if (known !== undefined) {
      return known;
    }
  }
  return undefined;
}

/**
 * The list Search runs on: the one of the row it was run on (an item, a list row, a row selected in the list's view,
 * `{ viewId }` or `{ kind }`), else the first list of the features' order that can be searched. The list returned may
 * not be searchable (a row of a list without Search); undefined when no list is.
 */
export function searchedList(ctx: CommandContext, arg: unknown): ListView | undefined {
  const kind = kindOf(ctx, arg);
  const viewId = typeof arg === 'object' && arg !== null ? (arg as { readonly viewId?: unknown }).viewId : undefined;
  const owner =
    ctx.lists.find((list) => kind !== undefined && list.kind === kind) ??
    ctx.lists.find((list) => typeof viewId === 'string' && list.viewId === viewId) ??
    ctx.lists.find((list) => arg !== undefined && (list.view.selection as readonly unknown[]).includes(arg));
  return owner ?? ctx.lists.find((list) => isSearchable(list.kind));
}

/**
 * The gateways a search covers, never asking: the row's gateway; else the gateway of the rows selected in the list's
 * view (all of one gateway); else every gateway that can be read, except one the last answers showed unreachable or
 * rejecting its key (unless it is the only one: then it is tried, and its scan says what is wrong).
 */
export async function searchedGateways(ctx: CommandContext, list: ListView, arg: unknown): Promise<Gateway[]> {
  const fromRow = gatewayOf(arg);
  if (fromRow) {
    return [fromRow];
  }
  const selection = list.view.visible ? list.view.selection : [];
  const selected = new Set(selection.map(gatewayOf).filter((gateway) => gateway !== undefined));
  if (selected.size === 1) {
    return [...selected];
  }
  const all = ctx.registry.gateways();
  const usable: Gateway[] = [];
  for (const gateway of all) {
    if (gatewayCondition((await gateway.connection.state()).kind, gateway.connection.health) === 'ready') {
      usable.push(gateway);
    }
  }
  return usable.length > 0 ? usable : all;
}
