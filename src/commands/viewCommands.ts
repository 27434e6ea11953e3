/** Refresh of any view: a row's own list, or every list of the picked gateways. */
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
