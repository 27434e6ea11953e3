/**
 * The Page Groups table's host side over 100,000 loaded page groups, in Node (what the panel runs for each message;
 * the webview's paint and the postMessage round trip are not in it): taking the rows in, the first sort by title
 * after the table opened (the titles are ranked once: collatedRanks asks the collator about the few distinct
 * prefixes and the pairs it cannot settle, numbers in titles are compared as numbers) and a sort again, sorts by time and number, a filter keystroke
 * (filter, sort and facets together, as the panel computes them per keystroke), facets with a status chosen, and the
 * bytes the panel sends: the rows once in column batches, then per change the order of the matching rows.
 */
import type { CheckedPageGroup } from '../../src/api/model';
import type { PageGroupFilter } from '../../src/features/pageGroups/model/pageGroupFilter';
import { ROW_BATCH } from '../../src/features/pageGroups/table/model/tableBatch';
import { TableRows } from '../../src/features/pageGroups/table/model/tableRows';
import type { SortKey } from '../../src/features/pageGroups/table/model/tableState';
import { generateDataset } from '../gateway/dataset';
import type { BenchRow } from './index';
import { median, spread } from './stats';

const LOADED = 100_000;
const RUNS = 9;
const SECTION = 'table (host, 100,000 rows)';
const COMMAND = 'TableRows over 100,000 page groups (Node)';

/** CPU time of `run` in milliseconds (this process's user + system time: what the work costs, not the wait for a core). */
function cpu(run: () => void): { wall: number; cpu: number } {
  const started = performance.now();
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

function time(run: () => void): number {
  return cpu(run).wall;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

export async function benchTable(): Promise<readonly BenchRow[]> {
  const items: CheckedPageGroup[] = generateDataset({ pageGroupCount: LOADED, webhookCount: 0 }).pageGroups.map((raw) => ({ raw, value: raw as CheckedPageGroup['value'], problems: [] }));
  const rows: BenchRow[] = [];
  const fresh = (): TableRows => new TableRows(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

  const syncs: number[] = [];
  let table = fresh();
  for (let i = 0; i < RUNS; i++) {
    table = fresh();
    const t = table;
    syncs.push(time(() => t.sync(items)));
  }
  rows.push({ section: SECTION, metric: 'rows taken in (sync)', value: ms(median(syncs)), command: COMMAND, note: spread(syncs, 'ms') });

  const measure = (metric: string, target: number | undefined, work: (t: TableRows) => void, cold: boolean, note = ''): void => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = cold ? fresh() : table;
      if (cold) {
        // What the panel did when the table opened: the rows taken in, the view computed unsorted (filter, facets).
        t.sync(items);
        t.compute({}, []);
      }
      const sample = cpu(() => work(t));
      walls.push(sample.wall);
      cpus.push(sample.cpu);
    }
    const value = median(cpus);
    rows.push({
      section: SECTION,
      metric: `${metric} (CPU)`,
      value: ms(value),
      ...(target === undefined ? {} : { target: `≤ ${target} ms`, met: value <= target }),
      command: COMMAND,
      note: `CPU ${spread(cpus, 'ms')}; wall median ${ms(median(walls))} (${spread(walls, 'ms')})${note}`,
    });
  };
  const view = (filter: PageGroupFilter, sort: readonly SortKey[]) => (t: TableRows): void => void t.compute(filter, sort);
  measure('sort by title, first time after the table opened (ranks the titles)', 150, view({}, [{ column: 'title', descending: false }]), true);
  measure('sort by title again (descending)', 150, view({}, [{ column: 'title', descending: true }]), false);
  measure('sort by updatedAt, newest first', 150, view({}, [{ column: 'updatedAt', descending: true }]), false);
  measure('sort by pagesCount, then title', 150, view({}, [{ column: 'pagesCount', descending: true }, { column: 'title', descending: false }]), false);
  for (const query of ['c', 'ch', 'check', 'checkout 9']) {
    measure(`filter keystroke "${query}" (filter + sort + facets)`, 50, view({ query }, [{ column: 'title', descending: false }]), false);
  }
  measure('facets with a status and a tenant chosen', 50, (t) => void t.facets({ statuses: ['draft'], tenantIds: ['tnt_acme'] }), false);

  // Bytes: the rows once (column batches), then the order per change; against one JSON of every page group.
  let batches = 0;
  let batchBytes = 0;
  for (let start = 0; start < table.rows.length; start += ROW_BATCH) {
    const indexes = Array.from({ length: Math.min(ROW_BATCH, table.rows.length - start) }, (_, i) => start + i);
    const { cells, deleted, count } = table.cells(indexes);
    batchBytes += JSON.stringify({ type: 'rows', generation: 0, start, count, cells, deleted, problems: indexes.map(() => null) }).length;
    batches += 1;
  }
  const objects = JSON.stringify(items.map((item) => item.raw)).length;
  const computed = table.compute({}, [{ column: 'title', descending: false }]);
  const viewBytes = JSON.stringify({ type: 'view', generation: 0, order: Array.from(computed.order), total: table.rows.length, facets: computed.facets }).length;
  const filtered = table.compute({ query: 'check' }, []);
  const filteredBytes = JSON.stringify({ type: 'view', generation: 0, order: Array.from(filtered.order), total: table.rows.length, facets: filtered.facets }).length;
  rows.push({
    section: SECTION,
    metric: 'bytes sent: the rows (once)',
    value: kib(batchBytes),
    command: 'the panel\'s column batches, JSON',
    note: `${batches} batches of ${ROW_BATCH} rows; one JSON of the 100,000 objects would be ${kib(objects)}`,
  });
  rows.push({
    section: SECTION,
    metric: 'bytes sent per sort or filter',
    value: kib(viewBytes),
    command: 'the panel\'s view message, JSON',
    note: `every row matching (the order of 100,000 indexes and the facets); ${kib(filteredBytes)} for the ${filtered.order.length.toLocaleString('en')} rows matching "check"`,
  });
  return Promise.resolve(rows);
}
