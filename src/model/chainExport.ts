/**
 * The items an export of a paged list writes, in the order its view shows them: what the cursor chain holds, then,
 * when the export is of everything, each further page as it lands (loaded at `limit=100` into the chain the view
 * shows: nothing is copied, and the view shows them too). Batches are handed to `write` one at a time and awaited, so
 * a slow disk slows the loading instead of filling memory. No `vscode` import.
 */
import type { CursorChain } from '../lists/paging';
import { EXPORT_BATCH, type ExportOutcome } from './exportPlan';

export const EXPORT_PAGE_SIZE = 100;

/**
 * Writes `chain`'s items (only those `keep` accepts, when given: a list the gateway cannot filter for, taken from a
 * wider chain). With `everything`, loads the rest first-page-first as it goes. Resolves with how it ended: the chain
 * ended (`complete`), the signal (`aborted`), a failed page (`failed`: the chain's error says why), the chain stopped
 * with a notice or at its load limit (`stopped`), or a refresh replaced the chain meanwhile (`reset`).
 */
export async function exportChain<T>(
  chain: CursorChain<T>,
  everything: boolean,
  signal: AbortSignal,
  write: (items: readonly T[]) => Promise<void>,
  keep?: (item: T) => boolean,
): Promise<ExportOutcome> {
  if (everything && chain.refreshing) {
    // The rows shown are from before a refresh: export what the refresh brings.
    await chain.loadMore(EXPORT_PAGE_SIZE, signal);
  }
  const epoch = chain.epoch;
  let from = 0;
  const flush = async (): Promise<boolean> => {
    while (from < chain.items.length) {
      if (signal.aborted || chain.epoch !== epoch) {
        return false;
      }
      const batch = chain.items.slice(from, from + EXPORT_BATCH);
      from += batch.length;
      const kept = keep === undefined ? batch : batch.filter(keep);
      if (kept.length > 0) {
        await write(kept);
      }
    }
    // Goes on only when neither aborted nor replaced (a reset empties the items, so the loop can end without noticing).
    return !signal.aborted && chain.epoch === epoch;
  };
  const ended = (): ExportOutcome | undefined => (signal.aborted ? 'aborted' : chain.epoch !== epoch ? 'reset' : undefined);
  if (!(await flush())) {
    return ended() ?? 'reset';
  }
  while (everything && chain.hasMore) {
    if (chain.capped) {
      return 'stopped';
    }
    const pages = chain.pages;
    await chain.loadMore(EXPORT_PAGE_SIZE, signal);
    const stop = ended();
    if (stop) {
      return stop;
    }
    if (chain.error) {
      return 'failed';
    }
    if (chain.pages <= pages) {
      return 'reset';
    }
    if (!(await flush())) {
      return ended() ?? 'reset';
    }
  }
  return ended() ?? (everything && chain.notice ? 'stopped' : 'complete');
}
