/**
 * The export plan of a paged list (one cursor chain): what is loaded, and with "everything" the rest of the chain
 * loaded page after page at the largest page size as the export goes. Any paged resource gets it from its kind.
 * No `vscode` import.
 */
import type { Checked } from '../api/model';
import type { CursorChain } from '../api/paging';
import type { Gateway } from '../gateway/gateway';
import { describeChainNotice, describeGatewayError } from '../text/errorText';
import { SCAN_PAGE_SIZE } from './chainScan';
import { ofGateway, raws, writeAll, type ExportPlan } from './exportPlan';
import type { ResourceKind } from './resource';

export function chainExportPlan<T>(gateway: Gateway, kind: ResourceKind<T>, chain: CursorChain<Checked<T>>, several: boolean): ExportPlan {
  return {
    gateway,
    kind,
    what: ofGateway(several, gateway, kind.words.heading()),
    nameParts: [kind.folder, ...(several ? [gateway.name] : [])],
    canLoadMore: chain.hasMore,
    loadedCount: () => chain.items.length,
    remaining: () => undefined,
    loadedRaws: () => raws(chain.items),
    run: async (everything, signal, write) => {
      if (everything) {
        const epoch = chain.epoch;
        await chain.loadAll(SCAN_PAGE_SIZE, signal);
        if (chain.epoch !== epoch) {
          return 'reset';
        }
      }
      if (signal.aborted) {
        return 'aborted';
      }
      if (chain.error) {
        return 'failed';
      }
      const outcome = await writeAll(chain.items, signal, write);
      return outcome === 'complete' && everything && chain.notice ? 'stopped' : outcome;
    },
    problem: () => (chain.error ? describeGatewayError(chain.error) : chain.notice ? describeChainNotice(chain.notice) : undefined),
    note: () => undefined,
  };
}
