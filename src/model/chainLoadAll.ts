/** Load All of a paged list (one cursor chain), as the generic Load All command runs it. No `vscode` import. */
import type { CursorChain } from '../lists/paging';
import { describeChainNotice, describeGatewayError } from '../text/errorText';
import type { Gateway } from '../gateway/gateway';
import { scanChain } from './chainScan';
import type { LoadAllTarget } from './loadAllTarget';
import type { ResourceKind } from './resource';

/** What a list adds to its Load All besides its chain. */
export interface ChainLoadAllOptions {
  /** The list in words when it is part of the kind's list (LoadAllTarget.scope). */
  readonly scope?: string;
  /** Why the chain is capped (the load limit), when a kind has one. */
  readonly limitProblem?: () => string;
  /** The list's count when last counted whole (LoadAllTarget.expected), when the kind keeps one. */
  readonly expected?: () => number | undefined;
}

/** `chain()` is asked each time (a gateway's chain is created on first use). */
export function chainLoadAll<I>(gateway: Gateway, kind: ResourceKind<unknown>, chain: () => CursorChain<I>, options: ChainLoadAllOptions = {}): LoadAllTarget {
  const { scope, limitProblem, expected } = options;
  return {
    gateway,
    kind,
    ...(scope === undefined ? {} : { scope }),
    ...(expected === undefined ? {} : { expected }),
    hasMore: () => chain().hasMore,
    loaded: () => chain().items.length,
    run: (signal, onPage) => scanChain(chain(), signal, () => onPage()),
    problem: () => {
      const current = chain();
      if (current.error) {
        return describeGatewayError(current.error, kind.words);
      }
      if (current.notice) {
        return describeChainNotice(current.notice);
      }
      return current.capped ? limitProblem?.() : undefined;
    },
  };
}
