/**
 * Get Item's scan: when an id is not loaded, the unfiltered chains of the gateways continue (like Go to ID) until a
 * page brings one of the wanted ids, the chains end, or `maxRequests` pages were asked for in all. Pages land in the
 * model the tree shows. Pure: no `vscode`.
 */
import type { PageGroupsModel } from '../../features/pageGroups/model/pageGroupsModel';
import { SCAN_PAGE_SIZE } from '../../model/chainScan';
import type { GatewayError } from '../../api/errors';

export interface IdScanSource {
  readonly name: string;
  readonly model: PageGroupsModel;
}

export interface IdScanOutcome {
  readonly requests: number;
  /** Whether one of the ids arrived. */
  readonly hit: boolean;
  /** Failures, by gateway name. */
  readonly errors: ReadonlyMap<string, GatewayError>;
}

export async function scanForIds(
  sources: readonly IdScanSource[],
  wanted: ReadonlySet<string>,
  maxRequests: number,
  signal: AbortSignal,
): Promise<IdScanOutcome> {
  let requests = 0;
  const errors = new Map<string, GatewayError>();
  for (const source of sources) {
    const chain = source.model.discovery;
    while (chain.hasMore && requests < maxRequests && !signal.aborted) {
      const before = chain.items.length;
      const pages = chain.pages;
      requests += 1;
      await chain.loadMore(SCAN_PAGE_SIZE, signal);
      if (chain.error) {
        errors.set(source.name, chain.error);
        break;
      }
      if (signal.aborted || chain.pages <= pages) {
        break;
      }
      if (chain.items.slice(before).some((item) => item.value.pageGroupId !== undefined && wanted.has(item.value.pageGroupId))) {
        return { requests, hit: true, errors };
      }
    }
  }
  return { requests, hit: false, errors };
}
