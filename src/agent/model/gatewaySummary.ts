/** What List Gateways says is loaded of a gateway's page groups. Pure. */
import type { CheckedPageGroup } from '../../api/model';
import { statusOf } from '../../features/pageGroups/model/pageGroupsModel';

export interface LoadedPageGroups {
  readonly loaded: number;
  /** Loaded page groups per status ("(none)" for those without one). */
  readonly byStatus: Readonly<Record<string, number>>;
  /** Whether every page group of the gateway is loaded (the unfiltered list was read to its end). */
  readonly complete: boolean;
}

export const NO_STATUS_LABEL = '(none)';

export function loadedPageGroups(items: readonly CheckedPageGroup[], complete: boolean): LoadedPageGroups {
  const counts = new Map<string, number>();
  for (const item of items) {
    const status = statusOf(item) ?? NO_STATUS_LABEL;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return { loaded: items.length, byStatus: Object.fromEntries(counts), complete };
}
