/**
 * The data set of the extension-host benchmark: one status holding 10,000 page groups (the "Load All" group) and two
 * small statuses of 20 each (one to compare re-rendering with, one to refresh). Small groups come first, so the first
 * unfiltered page already shows all three statuses.
 */
import { generateDataset, type Dataset } from '../gateway/dataset';

export const LARGE_STATUS = 'published';
export const LARGE_COUNT = 10_000;
export const SMALL_STATUS = 'draft';
export const SMALL_COUNT = 20;
/** The group that gets refreshed while the others are re-rendered. */
export const OTHER_STATUS = 'archived';
export const OTHER_COUNT = 20;

function onlyStatus(status: string, count: number, seed: number, idPrefix: string): Record<string, unknown>[] {
  const { pageGroups } = generateDataset({ pageGroupCount: count, statusWeights: { [status]: 1 }, withoutStatusCount: 0, webhookCount: 0, seed });
  // Each generated set numbers its ids from pg_000001: give the small sets their own prefix so ids stay unique.
  return pageGroups.map((pg) => ({ ...pg, pageGroupId: String(pg.pageGroupId).replace(/^pg_/, idPrefix) }));
}

export function benchDataset(): Dataset {
  const large = generateDataset({ pageGroupCount: LARGE_COUNT, statusWeights: { [LARGE_STATUS]: 1 }, withoutStatusCount: 0 });
  const small = onlyStatus(SMALL_STATUS, SMALL_COUNT, 2, 'pg_d');
  const other = onlyStatus(OTHER_STATUS, OTHER_COUNT, 3, 'pg_a');
  const head: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.max(small.length, other.length); i++) {
    if (small[i]) head.push(small[i]);
    if (other[i]) head.push(other[i]);
  }
  return { pageGroups: [...head.slice(0, 10), ...large.pageGroups.slice(0, 10), ...head.slice(10), ...large.pageGroups.slice(10)], webhooks: large.webhooks };
}
