/**
 * The page groups an export writes, in the order the tree shows them: those of one status group (or all of the
 * unfiltered list) that are loaded, then, when the export is of everything, each further page as it lands (loaded at
 * `limit=100` into the model the tree shows: nothing is copied, and the tree shows them too). Batches are handed to
 * `write` one at a time and awaited, so a slow disk slows the loading instead of filling memory. No `vscode` import.
 */
import type { CheckedPageGroup } from '../../../api/model';
import { EXPORT_BATCH, type ExportOutcome } from '../../../model/exportPlan';
import { groupKeyOf, isDerivedGroup, type GroupKey, type PageGroupsModel } from './pageGroupsModel';

export const EXPORT_PAGE_SIZE = 100;

/** What to export: one status group, or every page group of the unfiltered list (`undefined`). */
export type ExportGroup = GroupKey | undefined;

export async function exportPageGroups(
  model: PageGroupsModel,
  group: ExportGroup,
  everything: boolean,
  signal: AbortSignal,
  write: (items: readonly CheckedPageGroup[]) => Promise<void>,
): Promise<ExportOutcome> {
  // "(no status)", the empty status and "everything" come from the unfiltered list.
  const filtered = group !== undefined && isDerivedGroup(group);
  const chain = group === undefined ? model.discovery : model.chain(group);
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
      const kept = filtered ? batch.filter((item) => groupKeyOf(item) === group) : batch;
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
