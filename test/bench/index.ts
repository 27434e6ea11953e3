/**
 * `npm run bench` (not a test): runs the benchmark sections and prints one table.
 * A section is a function returning rows; add new sections to SECTIONS.
 */
import { benchClient } from './client';

export interface BenchRow {
  /** Which benchmark, e.g. 'client walk'. */
  readonly section: string;
  readonly metric: string;
  readonly value: string;
  readonly note?: string;
}

export type BenchSection = () => Promise<readonly BenchRow[]>;

export const SECTIONS: readonly BenchSection[] = [benchClient];

export function formatTable(rows: readonly BenchRow[]): string {
  const header: BenchRow = { section: 'section', metric: 'metric', value: 'value', note: 'note' };
  const all = [header, ...rows];
  const width = (pick: (row: BenchRow) => string): number => Math.max(...all.map((row) => pick(row).length));
  const w = [width((r) => r.section), width((r) => r.metric), width((r) => r.value)];
  const line = (row: BenchRow): string =>
    `${row.section.padEnd(w[0])}  ${row.metric.padEnd(w[1])}  ${row.value.padStart(w[2])}  ${row.note ?? ''}`.trimEnd();
  const rule = '-'.repeat(Math.max(...all.map((row) => line(row).length)));
  return [line(header), rule, ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const section of SECTIONS) {
    rows.push(...(await section()));
  }
  console.log(formatTable(rows));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
