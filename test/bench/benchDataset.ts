/**
 * The data set of the extension-host benchmark: one status holding the large list (the "Load All" group; 10,000 page
 * groups unless the bench is told another size) and two small statuses of 20 each (one to compare re-rendering with,
 * one to refresh). Small groups come first, so the first unfiltered page already shows all three statuses.
 */
import { generateDataset, type Dataset } from '../gateway/dataset';

export const LARGE_STATUS = 'published';
/** The size of the large list when the bench is not told another (`--large`, `PGE_BENCH_LARGE`). */
export const DEFAULT_LARGE_COUNT = 10_000;
/** The largest size accepted: the sample gateway holds the whole data set in memory. */
export const MAX_LARGE_COUNT = 1_000_000;
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

export function benchDataset(largeCount: number = DEFAULT_LARGE_COUNT): Dataset {
  const large = generateDataset({ pageGroupCount: largeCount, statusWeights: { [LARGE_STATUS]: 1 }, withoutStatusCount: 0 });
  const small = onlyStatus(SMALL_STATUS, SMALL_COUNT, 2, 'pg_d');
  const other = onlyStatus(OTHER_STATUS, OTHER_COUNT, 3, 'pg_a');
  const head: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.max(small.length, other.length); i++) {
    if (small[i]) head.push(small[i]);
    if (other[i]) head.push(other[i]);
  }
  return { pageGroups: [...head.slice(0, 10), ...large.pageGroups.slice(0, 10), ...head.slice(10), ...large.pageGroups.slice(10)], webhooks: large.webhooks };
}

/** Page groups in the whole data set of a given large size (what a scan of the unfiltered list walks). */
export function benchDatasetTotal(largeCount: number): number {
  return largeCount + SMALL_COUNT + OTHER_COUNT;
}

/**
 * The large-list sizes to measure: "10000", "100_000" or "10000,100000" (each size gets its own sessions and its own
 * rows). Throws on anything else.
 */
export function parseLargeCounts(text: string): number[] {
  const sizes = text.split(',').map((part) => part.trim().replace(/_/g, ''));
  const counts: number[] = [];
  for (const size of sizes) {
    const count = /^\d+$/.test(size) ? Number(size) : Number.NaN;
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_LARGE_COUNT) {
      throw new Error(`large-list size "${size}": expected whole numbers from 1 to ${MAX_LARGE_COUNT}, separated by commas (e.g. 10000,100000)`);
    }
    if (!counts.includes(count)) {
      counts.push(count);
    }
  }
  return counts;
}

/** `--large <sizes>` on the command line, else `PGE_BENCH_LARGE`, else the default size. */
export function largeCountsOption(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): number[] {
  const index = argv.indexOf('--large');
  const text = index >= 0 ? argv[index + 1] : env.PGE_BENCH_LARGE;
  if (index >= 0 && (text === undefined || text.startsWith('--'))) {
    throw new Error('--large needs a size, e.g. --large 100000 or --large 10000,100000');
  }
  return text === undefined || text.trim() === '' ? [DEFAULT_LARGE_COUNT] : parseLargeCounts(text);
}

/** "10,000" */
export function countText(count: number): string {
  return count.toLocaleString('en-US');
}
