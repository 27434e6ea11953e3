/** Load more…: one page more of the list a row belongs to ("Load more…", "Retry"), whichever view shows it. */
import type { TreeNode } from '../views/gatewayTree';

/** Any row (or retry target) that can load its list's next page; anything else does nothing. */
export async function loadMore(target?: unknown): Promise<void> {
  const row = typeof target === 'object' && target !== null ? (target as Pick<TreeNode, 'loadMore' | 'gateway'>) : undefined;
  if (typeof row?.loadMore !== 'function' || row.gateway?.removed === true) {
    return;
  }
  await row.loadMore();
}
