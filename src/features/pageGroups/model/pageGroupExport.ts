/**
 * The page groups an export writes, in the order the tree shows them: those of one status group (or all of the
 * unfiltered list), as any paged list is exported (src/model/chainExport.ts); "(no status)" and the empty status are
 * taken from the unfiltered list. No `vscode` import.
 */
import type { CheckedPageGroup } from '../../../api/model';
import { exportChain } from '../../../model/chainExport';
import type { ExportOutcome } from '../../../model/exportPlan';
import { groupKeyOf, isDerivedGroup, type GroupKey, type PageGroupsModel } from './pageGroupsModel';

export { EXPORT_PAGE_SIZE } from '../../../model/chainExport';

/** What to export: one status group, or every page group of the unfiltered list (`undefined`). */
export type ExportGroup = GroupKey | undefined;

/** The chain an export of `group` reads, and which of its items belong to the group. */
export function exportSource(model: PageGroupsModel, group: ExportGroup): { readonly chain: PageGroupsModel['discovery']; readonly keep?: (item: CheckedPageGroup) => boolean } {
  if (group === undefined) {
    return { chain: model.discovery };
  }
  // "(no status)" and the empty status come from the unfiltered list.
  return isDerivedGroup(group) ? { chain: model.discovery, keep: (item) => groupKeyOf(item) === group } : { chain: model.chain(group) };
}

export function exportPageGroups(
  model: PageGroupsModel,
  group: ExportGroup,
  everything: boolean,
  signal: AbortSignal,
  write: (items: readonly CheckedPageGroup[]) => Promise<void>,
): Promise<ExportOutcome> {
  const { chain, keep } = exportSource(model, group);
  return exportChain(chain, everything, signal, write, keep);
}
