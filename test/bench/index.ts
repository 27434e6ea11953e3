/**
 * `npm run bench` (not a test): runs the benchmark sections and prints one table, then writes the figures into
 * docs/performance.md. A section is a function returning rows; add new sections to SECTIONS.
 *   node out/test/bench/index.js [--only client,bundle,modules,cap,host,inbox,agent,table,table-webview] [--no-doc] [--large 10000,100000]
 *   PGE_BENCH_RUNS=N   extension-host sessions per large-list size (default 5)
 *   PGE_BENCH_LARGE=N[,N…]  page groups in the extension host's Load All status, like --large (default 10000)
 */
import { benchAgentTools } from './agentTools';
import { benchBundle } from './bundle';
import { benchClient } from './client';
import { benchExtensionHost, hostContext } from './extensionHost';
import { benchModuleLoad } from './moduleLoad';
import { benchLoadCap } from './loadCap';
import { DEFAULT_LARGE_COUNT, largeCountsOption } from './benchDataset';
import { machineFacts, writePerformanceDoc } from './report';
import { benchWebhookInbox } from './webhookInbox';
import { benchTable } from './table';
import { benchTableWebview } from './tableWebview';

export interface BenchRow {
  /** Which benchmark, e.g. 'client walk'. */
  readonly section: string;
  readonly metric: string;
  /** The figure: a median where several runs were made. */
  readonly value: string;
  readonly target?: string;
  /** Whether the figure meets `target` (absent: no target). */
  readonly met?: boolean;
  /** What produced the figure (an npm script, an editor command, an API call). */
  readonly command?: string;
  readonly note?: string;
}

export type BenchSection = () => Promise<readonly BenchRow[]>;

/** The client section's rows with the table's target columns (client.ts states its 1.05× target in a note only). */
async function clientWithTargets(): Promise<readonly BenchRow[]> {
  const CLIENT_RATIO_TARGET = 1.05;
  return (await benchClient()).map((row): BenchRow => {
    const command = 'GatewayClient vs node:http walk (Node, outside the editor)';
    if (row.metric === 'ratio client / plain') {
      const ratio = Number.parseFloat(row.value);
      return { ...row, target: `≤ ${CLIENT_RATIO_TARGET}×`, met: ratio <= CLIENT_RATIO_TARGET, command };
    }
    return { ...row, command };
  });
}

export const SECTIONS: readonly BenchSection[] = [clientWithTargets, benchBundle, benchModuleLoad, benchLoadCap, benchExtensionHost, benchWebhookInbox, benchAgentTools, benchTable, benchTableWebview];
const SECTION_NAMES: readonly string[] = ['client', 'bundle', 'modules', 'cap', 'host', 'inbox', 'agent', 'table', 'table-webview'];

export const BENCH_COMMAND = 'npm run bench';

export function metText(row: BenchRow): string {
  return row.met === undefined ? '' : row.met ? 'yes' : 'NO';
}

export function formatTable(rows: readonly BenchRow[]): string {
  const columns: Array<{ title: string; pick: (row: BenchRow) => string; right?: boolean }> = [
    { title: 'section', pick: (r) => r.section },
    { title: 'figure', pick: (r) => r.metric },
    { title: 'median', pick: (r) => r.value, right: true },
    { title: 'target', pick: (r) => r.target ?? '' },
    { title: 'met?', pick: metText },
    { title: 'command', pick: (r) => r.command ?? '' },
    { title: 'note', pick: (r) => r.note ?? '' },
  ];
  const widths = columns.map((column) => Math.max(column.title.length, ...rows.map((row) => column.pick(row).length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, i) => (columns[i]?.right ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  const header = line(columns.map((column) => column.title));
  const rule = '-'.repeat(header.length);
  return [header, rule, ...rows.map((row) => line(columns.map((column) => column.pick(row))))].join('\n');
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const only = argument('--only')?.split(',').map((name) => name.trim());
  // Checked before anything runs: a bad size fails at once.
  const sizes = largeCountsOption();
  const sizeOption = sizes.length === 1 && sizes[0] === DEFAULT_LARGE_COUNT ? '' : ` -- --large ${sizes.join(',')}`;
  const startedAt = new Date();
  const started = Date.now();
  const machine = machineFacts();
  const rows: BenchRow[] = [];
  for (const [index, section] of SECTIONS.entries()) {
    const name = SECTION_NAMES[index] ?? String(index);
    if (only && !only.includes(name)) {
      continue;
    }
    process.stderr.write(`[bench] section ${name}…\n`);
    rows.push(...(await section()));
  }
  const seconds = (Date.now() - started) / 1000;
  const command = only
    ? `${BENCH_COMMAND} (node out/test/bench/index.js --only ${only.join(',')}${sizeOption.replace(' --', '')})`
    : `${BENCH_COMMAND}${sizeOption}`;
  console.log(formatTable(rows));
  console.log('');
  console.log(`Command: ${command}; ${seconds.toFixed(0)} s; ${machine.summary}`);
  if (hostContext.runs > 0 || hostContext.failures.length > 0) {
    console.log(
      `Extension host: VS Code ${hostContext.vscodeVersion ?? '?'} (code-server ${machine.codeServer}), ${hostContext.nodeVersion ?? '?'}; ${hostContext.runs} runs (large list ${hostContext.sizes.join(', ')}); extension: ${hostContext.extensionSource ?? '?'}`,
    );
  }
  for (const failure of hostContext.failures) {
    console.log(`FAILED ${failure}`);
  }
  const missed = rows.filter((row) => row.met === false);
  if (missed.length > 0) {
    console.log(`Targets missed: ${missed.map((row) => `${row.section} / ${row.metric}`).join('; ')}`);
  } else {
    // A run that failed measured nothing for what came after its failure: that is not "every target met".
    console.log(hostContext.failures.length === 0 ? 'Every target met.' : 'No target measured was missed, but a run failed: its figures are missing.');
  }
  if (!process.argv.includes('--no-doc') && only === undefined) {
    const file = writePerformanceDoc({ rows, date: startedAt, seconds, command, machine, host: hostContext });
    console.log(`Wrote ${file}`);
  }
  if (hostContext.failures.length > 0) {
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
