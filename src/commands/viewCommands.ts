/** Refresh of any view: a row's own list, every list of the picked gateways, or (the view's title) the whole view. */
import type { TreeNode } from '../views/gatewayTree';
import type { ListView } from '../views/listView';
import type { CommandContext } from './commandContext';
import { pickGateways } from './gatewayPicker';

/** A row: back to page 1 of its list. A gateway's row: that gateway. Elsewhere: the picked gateways. */
export async function refreshList(ctx: CommandContext, list: ListView, title: string, node?: unknown): Promise<void> {
  const gateways = await pickGateways(ctx.registry, node, title);
  const row = typeof node === 'object' && node !== null && 'kind' in node ? (node as TreeNode) : undefined;
  await Promise.all(gateways.map((gateway) => list.reload(gateway, row)));
}

/**
 * The view title's Refresh (and F5 in the view): every gateway the view shows, whatever row is selected; never asks.
 * Each list reloads what it shows (the Page Groups view: its expanded statuses first).
 */
export async function refreshView(ctx: CommandContext, list: ListView): Promise<void> {
  await Promise.all(ctx.registry.gateways().map((gateway) => list.reload(gateway)));
}
