/**
 * Benchmark section run in the real editor: several fresh code-server + Chromium sessions (test/bench/hostDriver.ts),
 * each running test/bench/host in the extension host against the sample gateway (in a child process); every figure is
 * the median over the runs.
 *   PGE_BENCH_RUNS      number of sessions (default 5)
 *   PGE_BENCH_PROFILE=1 also write V8 CPU profiles (activation, Load All) to test-artifacts/bench-profiles/
 *   PGE_BENCH_EXTENSION=<folder>  measure this extension folder (package.json + dist/) instead, e.g. an experiment
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ARTIFACTS_DIR, REPO_ROOT, VSIX_PATH } from '../harness/paths';
import { LARGE_COUNT, LARGE_STATUS, OTHER_STATUS, SMALL_COUNT } from './benchDataset';
import { DIST_PATH, newestSource, unpackVsix } from './buildOutputs';
import { CONTROL_EXTENSION_ID, writeControlExtension } from './controlExtension';
import { startGatewayProcess } from './gatewayProcess';
import { runHostBench } from './hostDriver';
import { ACTIONS, type HostBenchResults } from './hostProtocol';
import type { BenchRow } from './index';
import { median, mib, spread } from './stats';

export const ACTIVATION_TARGET_MS = 30;
export const HEAP_TARGET_MIB = 50;
const DEFAULT_RUNS = 5;

/** What the figures were measured on; filled by benchExtensionHost for the report. */
export interface HostBenchContext {
  runs: number;
  /** Sessions that only activated the empty control extension. */
  controlRuns: number;
  vscodeVersion?: string;
  nodeVersion?: string;
  extensionSource?: string;
  failures: string[];
}

export const hostContext: HostBenchContext = { runs: 0, controlRuns: 0, failures: [] };

function progress(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/** The unpacked .vsix when it is at least as new as the sources (the shipped bundle), else the repository root. */
function extensionSource(): { readonly folder: string; readonly description: string; readonly cleanup: () => void } {
  const override = process.env.PGE_BENCH_EXTENSION;
  if (override) {
    return { folder: path.resolve(override), description: `${path.resolve(override)} (PGE_BENCH_EXTENSION)`, cleanup: () => undefined };
  }
  const newest = newestSource();
  if (fs.existsSync(VSIX_PATH) && fs.statSync(VSIX_PATH).mtimeMs >= newest.mtimeMs) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-bench-ext-'));
    unpackVsix(folder);
    return {
      folder,
      description: 'page-gateway-explorer.vsix, unpacked and loaded as the extension under development (the shipped, minified bundle)',
      cleanup: () => fs.rmSync(folder, { recursive: true, force: true }),
    };
  }
  if (!fs.existsSync(DIST_PATH)) {
    throw new Error('neither an up-to-date page-gateway-explorer.vsix nor dist/extension.js exists: run npm run package (or npm run build)');
  }
  const why = fs.existsSync(VSIX_PATH) ? `the .vsix is older than ${newest.file}` : 'no .vsix';
  const staleDist = fs.statSync(DIST_PATH).mtimeMs < newest.mtimeMs ? `; dist/extension.js is older than ${newest.file} too: run npm run build` : '';
  return {
    folder: REPO_ROOT,
    description: `the repository root with dist/extension.js as it is on disk (${why}; npm run package measures the shipped bundle)${staleDist}`,
    cleanup: () => undefined,
  };
}

export async function benchExtensionHost(): Promise<readonly BenchRow[]> {
  const runs = Math.max(1, Number(process.env.PGE_BENCH_RUNS ?? DEFAULT_RUNS) || DEFAULT_RUNS);
  const source = extensionSource();
  hostContext.extensionSource = source.description;
  progress(`extension host: ${runs} runs; extension: ${source.description}`);
  const gateway = await startGatewayProcess();
  const all: HostBenchResults[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const started = Date.now();
      try {
        const { results } = await runHostBench({
          extensionPath: source.folder,
          gatewayUrl: gateway.url,
          gatewayKey: gateway.apiKey,
          run,
          ...(process.env.PGE_BENCH_PROFILE === '1' ? { profileDir: path.join(ARTIFACTS_DIR, 'bench-profiles') } : {}),
          onProgress: (line) => progress(`run ${run}/${runs} ${line}`),
        });
        all.push(results);
        if (results.error !== undefined) {
          hostContext.failures.push(`run ${run}: ${results.error.split('\n')[0] ?? ''}`);
        }
        progress(`run ${run}/${runs} finished in ${((Date.now() - started) / 1000).toFixed(1)} s${results.error ? ' WITH AN ERROR' : ''}`);
      } catch (error: unknown) {
        const message = error instanceof Error ? error.message : String(error);
        hostContext.failures.push(`run ${run}: ${message}`);
        progress(`run ${run}/${runs} failed: ${message}`);
      }
    }
    const control = writeControlExtension();
    try {
      for (let run = 1; run <= runs; run++) {
        try {
          const { results } = await runHostBench({
            extensionPath: control.folder,
            controlId: CONTROL_EXTENSION_ID,
            gatewayUrl: gateway.url,
            gatewayKey: gateway.apiKey,
            run: 100 + run,
            onProgress: (line) => progress(`control ${run}/${runs} ${line}`),
          });
          all.push(results);
          if (results.error !== undefined) {
            hostContext.failures.push(`control run ${run}: ${results.error.split('\n')[0] ?? ''}`);
          }
        } catch (error: unknown) {
          const message = error instanceof Error ? error.message : String(error);
          hostContext.failures.push(`control run ${run}: ${message}`);
          progress(`control ${run}/${runs} failed: ${message}`);
        }
      }
    } finally {
      control.cleanup();
    }
  } finally {
    await gateway.stop();
    source.cleanup();
  }
  hostContext.runs = all.filter((results) => results.control === undefined).length;
  hostContext.controlRuns = all.length - hostContext.runs;
  hostContext.vscodeVersion = all[0]?.vscodeVersion;
  hostContext.nodeVersion = all[0]?.nodeVersion;
  return hostRows(all, runs);
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** Values of one figure over the runs that have it. */
function over<S, T>(all: readonly S[], pick: (results: S) => T | undefined): T[] {
  return all.map(pick).filter((value): value is T => value !== undefined);
}

export function hostRows(all: readonly HostBenchResults[], attempted: number): BenchRow[] {
  const rows: BenchRow[] = [];
  const runsNote = (n: number): string => (n === attempted ? `${n} runs` : `${n} of ${attempted} runs`);

  // Activation
  const section = 'activation';
  const apiMs = over(all, (r) => r.activation?.apiMs);
  const logMs = over(all, (r) => r.activation?.logMs);
  const outsideMs = over(all, (r) => r.activation?.outsideMs);
  const first = over(all, (r) => r.activation?.firstInHost);
  const gateways = [...new Set(over(all, (r) => r.activation?.gatewaysAtActivation))].join(' / ');
  const before = over(all, (r) => r.activation?.requestsBeforeView);
  const control = over(all, (r) => r.control?.outsideMs);
  if (apiMs.length > 0) {
    rows.push({
      section,
      metric: 'activate() (test API activationMs)',
      value: ms(median(apiMs)),
      target: `≤ ${ACTIVATION_TARGET_MS} ms`,
      met: median(apiMs) <= ACTIVATION_TARGET_MS,
      command: 'extensions.getExtension().activate()',
      note: `${spread(apiMs, 'ms')}; ${gateways} gateways configured; first activation in its host in ${first.filter(Boolean).length} of ${first.length} runs (fresh code-server each)`,
    });
    rows.push({
      section,
      metric: 'log line "activated in … ms"',
      value: logMs.length > 0 ? ms(median(logMs)) : 'missing',
      target: `≤ ${ACTIVATION_TARGET_MS} ms`,
      met: logMs.length > 0 && median(logMs) <= ACTIVATION_TARGET_MS,
      command: 'Page Gateway log channel',
      note: logMs.length > 0 ? `${spread(logMs, 'ms')}; same clock as activationMs (module body to end of activate())` : 'no "activated in" line in the log',
    });
    rows.push({
      section,
      metric: 'activate() seen from the host',
      value: ms(median(outsideMs)),
      command: 'performance.now() around extension.activate()',
      note: `${spread(outsideMs, 'ms')}; loading dist/extension.js (before activationMs starts), the host creating the ExtensionContext, activate()`,
    });
    const phases = over(all, (r) => r.activation?.phases);
    if (phases.length > 0) {
      const m = (pick: (p: (typeof phases)[number]) => number): string => median(phases.map(pick)).toFixed(1);
      rows.push({
        section,
        metric: '  of which: before load / load / after',
        value: `${m((p) => p.beforeLoadMs)} / ${m((p) => p.bundleLoadMs)} / ${m((p) => p.afterLoadMs)} ms`,
        command: 'Module._load timestamps in the host',
        note: 'host work before require(dist/extension.js); the require; ExtensionContext + activate() after it',
      });
    }
    if (control.length > 0) {
      rows.push({
        section,
        metric: 'same for an empty extension',
        value: ms(median(control)),
        command: 'activate() of a no-op extension, same host',
        note: `${spread(control, 'ms')}; the host's own share: reading the module, ExtensionContext (storage), calling activate`,
      });
      const own = median(outsideMs) - median(control);
      rows.push({
        section,
        metric: 'seen from the host, minus the empty extension',
        value: ms(own),
        target: `≤ ${ACTIVATION_TARGET_MS} ms`,
        met: own <= ACTIVATION_TARGET_MS,
        command: 'difference of the two medians',
        note: 'what this extension adds to the host\'s activation: its module loading and activate()',
      });
    }
    rows.push({
      section,
      metric: 'requests before a view is shown',
      value: String(median(before)),
      target: '0',
      met: before.every((n) => n === 0),
      command: 'activation + key stored, view closed',
      note: runsNote(before.length),
    });
  }

  // Requests per user action
  for (const action of ACTIONS) {
    const counts = over(all, (r) => r.requests?.[action.id]);
    if (counts.length === 0) {
      continue;
    }
    const min = Math.min(...counts);
    const max = Math.max(...counts);
    rows.push({
      section: 'requests per action',
      metric: action.label,
      value: String(median(counts)),
      target: String(action.target),
      met: max <= action.target && min >= action.target,
      command: action.how,
      note: `${min === max ? 'same' : `${min}–${max}`} in ${runsNote(counts.length)}; counted by the sample gateway`,
    });
  }

  // Large lists: Load All with the view closed
  const large = `Load All ${LARGE_COUNT.toLocaleString('en-US')}`;
  const hidden = over(all, (r) => r.loadAllHidden);
  if (hidden.length > 0) {
    const wall = hidden.map((h) => h.wallMs);
    const floor = hidden.map((h) => h.floorMs);
    const ratio = hidden.map((h) => h.wallMs / h.floorMs);
    const heap = hidden.map((h) => mib(h.heapAfter - h.heapBefore));
    const requests = hidden.map((h) => h.requests);
    rows.push({
      section: 'large list',
      metric: `${large}: wall (view closed)`,
      value: ms(median(wall)),
      target: 'vs floor',
      command: `pageGateway.loadAll(status "${LARGE_STATUS}")`,
      note: `${spread(wall, 'ms')}; ${median(requests)} requests at limit=${[...new Set(hidden.flatMap((h) => h.limits))].join('/')}`,
    });
    rows.push({
      section: 'large list',
      metric: `${large}: floor`,
      value: ms(median(floor)),
      command: 'sum of the gateway\'s request times',
      note: `${spread(floor, 'ms')}; the sample gateway's own time per request, summed`,
    });
    rows.push({
      section: 'large list',
      metric: `${large}: wall / floor`,
      value: `${median(ratio).toFixed(2)}×`,
      command: 'per run, then median',
      note: `extension + transport overhead: median ${ms(median(hidden.map((h) => h.wallMs - h.floorMs)))} above the floor`,
    });
    rows.push({
      section: 'large list',
      metric: `${large}: same walk without the tree`,
      value: ms(median(hidden.map((h) => h.connectionWalkMs))),
      command: 'api.connection.listPageGroups loop, in the host',
      note: 'the extension\'s GatewayClient (the editor\'s http) and log channel only; wall minus this = chain, tree events, command and progress',
    });
    rows.push({
      section: 'large list',
      metric: `${large}: extension-host heap growth`,
      value: `${median(heap).toFixed(1)} MiB`,
      target: `≤ ${HEAP_TARGET_MIB} MB`,
      met: median(heap) <= HEAP_TARGET_MIB,
      command: 'process.memoryUsage().heapUsed before/after',
      note: `${spread(heap, 'MiB')}; ${hidden[0]?.gc ?? ''}; after the rows were built`,
    });
  }

  // Re-render after a refresh of another group
  const rerender = over(all, (r) => r.rerender);
  if (rerender.length > 0) {
    const largeFull = rerender.map((r) => median(r.large.map((s) => s.fullMs)));
    const smallFull = rerender.map((r) => median(r.small.map((s) => s.fullMs)));
    const largeChildren = rerender.map((r) => median(r.large.map((s) => s.childrenMs)));
    const smallChildren = rerender.map((r) => median(r.small.map((s) => s.childrenMs)));
    const largeRows = rerender[0]?.large[0]?.rows ?? LARGE_COUNT;
    const smallRows = rerender[0]?.small[0]?.rows ?? SMALL_COUNT;
    const perRowLarge = (median(largeFull) * 1000) / largeRows;
    const perRowSmall = (median(smallFull) * 1000) / smallRows;
    const events = [...new Set(rerender.flatMap((r) => r.changeEvents))];
    const untouched = events.every((event) => event === OTHER_STATUS);
    const cached = rerender.every((r) => r.largeCached);
    rows.push({
      section: 're-render',
      metric: `refresh "${OTHER_STATUS}": tree events`,
      value: events.join(', ') || 'none',
      target: `only "${OTHER_STATUS}"`,
      met: untouched,
      command: `pageGateway.refreshPageGroups(status "${OTHER_STATUS}")`,
      note: untouched ? `the editor re-reads only the refreshed group; the ${LARGE_COUNT.toLocaleString('en-US')} rows are not re-rendered at all` : 'the editor re-reads more than the refreshed group',
    });
    rows.push({
      section: 're-render',
      metric: `getChildren, ${largeRows} rows vs ${smallRows}`,
      value: `${median(largeChildren).toFixed(2)} / ${median(smallChildren).toFixed(2)} ms`,
      target: 'rows cached',
      met: cached,
      command: 'getChildren(status) after the refresh',
      note: cached ? 'same row objects before and after the refresh (cache per chain version)' : 'the big group\'s rows were rebuilt',
    });
    rows.push({
      section: 're-render',
      metric: `getChildren + getTreeItem, ${largeRows} vs ${smallRows}`,
      value: `${median(largeFull).toFixed(1)} / ${median(smallFull).toFixed(2)} ms`,
      target: 'per row flat',
      met: cached && perRowLarge <= 3 * perRowSmall,
      command: 'getChildren + getTreeItem(each)',
      note: `${perRowLarge.toFixed(2)} vs ${perRowSmall.toFixed(2)} µs per row; only paid if the editor re-reads the group`,
    });
  }

  // Load All with the view open
  const visible = over(all, (r) => r.loadAllVisible);
  if (visible.length > 0) {
    const wall = visible.map((v) => v.wallMs);
    const rendered = over(visible, (v) => v.renderedMs);
    const ratio = visible.map((v) => v.wallMs / v.floorMs);
    rows.push({
      section: 'large list',
      metric: `${large}: wall (view open, expanded)`,
      value: ms(median(wall)),
      target: 'vs floor',
      command: `pageGateway.loadAll(status "${LARGE_STATUS}")`,
      note: `${spread(wall, 'ms')}; ${median(ratio).toFixed(2)}× its floor of ${ms(median(visible.map((v) => v.floorMs)))}; ${median(visible.map((v) => v.requests))} requests`,
    });
    rows.push({
      section: 'large list',
      metric: `${large}: until the tree has all rows`,
      value: rendered.length > 0 ? ms(median(rendered)) : 'not seen',
      command: 'last getChildren + getTreeItem of the group',
      note: `${median(visible.map((v) => v.treeFetches))} re-reads of the group by the editor, ${median(visible.map((v) => v.treeItems))} getTreeItem calls, ${ms(median(visible.map((v) => v.providerMs)))} inside the provider`,
    });
  }
  return rows;
}
