/** Load All of a paged list (one cursor chain), as the generic Load All command runs it. No `vscode` import. */
import type { CursorChain } from '../api/paging';
import { describeChainNotice, describeGatewayError } from '../text/errorText';
import type { Gateway } from '../gateway/gateway';
import { scanChain } from './chainScan';
import type { LoadAllTarget } from './loadAllTarget';
import type { ResourceKind } from './resource';

/**
 * `chain()` is asked each time (a gateway's chain is created on first use). `limitProblem` says why the chain is
 * capped (the load limit), when a kind has one.
 */
export function chainLoadAll<I>(
  gateway: Gateway,
  kind: ResourceKind<unknown>,
  chain: () => CursorChain<I>,
  scope?: string,
  limitProblem?: () => string,
): LoadAllTarget {
  return {
    gateway,
    kind,
    ...(scope === undefined ? {} : { scope }),
    hasMore: () => chain().hasMore,
    loaded: () => chain().items.length,
    run: (signal, onPage) => scanChain(chain(), signal, () => onPage()),
    problem: () => {
      const current = chain();
      if (current.error) {
        return describeGatewayError(current.error);
      }
      if (current.notice) {
        return describeChainNotice(current.notice);
      }
      return current.capped ? limitProblem?.() : undefined;
    },
  };
}
