/**
 * Refresh of any list view: a row's own list, a gateway row's gateway, or (the view's title, F5) the whole view. The
 * generic commands find the list from the row or the view the user is in (listTarget.ts); the older per-view command
 * ids pass their list.
 */
import type { TreeNode } from '../views/gatewayTree';
import type { ListView } from '../views/listView';
import type { CommandContext } from './commandContext';
import { pickGateways } from './gatewayPicker';
import { resolveList, rowArgument } from './listTarget';

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

/**
 * `pageGateway.refresh`: a row → back to page 1 of its list (a gateway's row: every list of that gateway in its view);
 * no row (the palette) → as the view title's Refresh.
 */
export async function refresh(ctx: CommandContext, arg?: unknown): Promise<void> {
  const row = rowArgument(arg);
  const list = row === undefined ? undefined : ctx.lists.find((candidate) => candidate.owns(row));
  if (row?.gateway === undefined || row.gateway.removed || list === undefined) {
    await refreshWholeView(ctx, undefined);
    return;
  }
  await list.reload(row.gateway, row.kind === 'gateway' ? undefined : row);
}

/**
 * `pageGateway.refreshView` (the view title, F5): the whole view of the focused row, or of the view the user is in.
 * When that cannot be told (no row has focus, several list views in sight and none used yet, e.g. right after the
 * window opened) every list view in sight is refreshed rather than asking which: a Refresh click never opens a picker.
 */
export async function refreshWholeView(ctx: CommandContext, arg?: unknown): Promise<void> {
  const resolved = resolveList(ctx.lists, rowArgument(arg), ctx.listFocus.last());
  const lists = 'list' in resolved ? [resolved.list] : resolved.ask;
  await Promise.all(lists.map((list) => refreshView(ctx, list)));
}
