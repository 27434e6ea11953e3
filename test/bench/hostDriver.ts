/**
 * One run of the extension-host benchmark: a fresh code-server (fresh profile, so the extension activates for the
 * first time in that host), the workbench in Chromium with the extension loaded from `extensionPath` and
 * out/test/bench/host as `extensionTestsPath`; waits for the runner's exit and reads the JSON it wrote.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { LOGS_DIR } from '../harness/paths';
import { openWorkbench, type Workbench } from '../harness/workbench';
import { LARGE_STATUS, OTHER_STATUS, SMALL_STATUS } from './benchDataset';
import { BENCH_EXTRA_GATEWAYS, ENV_CONTROL_ID, ENV_GATEWAY_KEY, ENV_GATEWAY_URL, ENV_LARGE_COUNT, ENV_LOG_MARKER, ENV_PROFILE_DIR, ENV_RESULTS_FILE, type HostBenchResults } from './hostProtocol';
import { formatLogEntry } from '../harness/hostTests';
import { ENV_PROCESS_CPU, ProcessCpu } from './processCpu';
import { RendererProfile } from './rendererProfile';

/** Compiled runner folder (index.js exporting run()): out/test/bench/host. */
export const BENCH_HOST_RUNNER: string = path.join(__dirname, 'host');

const MARKER = '\u2063pge-bench\u2063';

export interface HostRunOptions {
  /** Folder loaded as the extension under development (package.json + dist/extension.js). */
  readonly extensionPath: string;
  readonly gatewayUrl: string;
  readonly gatewayKey: string;
  /** Page groups in the large status of the gateway's data set. */
  readonly largeCount: number;
  /** Used in log names. */
  readonly run: number;
  readonly timeoutMs?: number;
  /** When set, the runner only times activate() of this (control) extension, loaded from `extensionPath`. */
  readonly controlId?: string;
  /** When set, the runner writes a CPU profile of activation into this folder. */
  readonly profileDir?: string;
  /** Called with the runner's progress lines. */
  readonly onProgress?: (line: string) => void;
}

export interface HostRun {
  readonly results: HostBenchResults;
  readonly exitCode: number;
}


export async function runHostBench(options: HostRunOptions): Promise<HostRun> {
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-bench-'));
  const resultsFile = path.join(resultsDir, 'results.json');
  fs.mkdirSync(LOGS_DIR, { recursive: true });
  const workbenchLog = path.join(LOGS_DIR, `bench-workbench-${options.run}-${options.largeCount}.log`);
  fs.writeFileSync(workbenchLog, '');
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    server = await startCodeServer({
      env: {
        [ENV_RESULTS_FILE]: resultsFile,
        [ENV_GATEWAY_URL]: options.gatewayUrl,
        [ENV_GATEWAY_KEY]: options.gatewayKey,
        [ENV_LOG_MARKER]: MARKER,
        [ENV_LARGE_COUNT]: String(options.largeCount),
        ...(options.profileDir === undefined ? {} : { [ENV_PROFILE_DIR]: options.profileDir }),
        ...(options.controlId === undefined ? {} : { [ENV_CONTROL_ID]: options.controlId }),
      },
      // A configured user: three gateways are in the settings before the extension activates, the sample gateway
      // (the older baseUrl) and two others (the key is not: a fresh profile's secret storage is empty, so the runner
      // stores it after activation). After activation the runner leaves only the sample gateway configured.
      settings: {
        'pageGateway.baseUrl': options.gatewayUrl,
        'pageGateway.gateways': BENCH_EXTRA_GATEWAYS,
        'pageGateway.statuses': [SMALL_STATUS, OTHER_STATUS, LARGE_STATUS],
      },
      logName: `bench-code-server-${options.run}-${options.largeCount}`,
    });
    let settle: (outcome: { code: number } | { timedOut: true }) => void = () => undefined;
    const outcome = new Promise<{ code: number } | { timedOut: true }>((resolve) => {
      settle = resolve;
    });
    const timeoutMs = options.timeoutMs ?? 5 * 60_000;
    timer = setTimeout(() => settle({ timedOut: true }), timeoutMs);
    // With profiles asked for: the renderer's too, over the Load All with the view open (what the editor draws meanwhile).
    // Both Load All steps with the view open are profiled, each to its own file, to set the capped tree beside the
    // one that draws every row.
    const rendererProfiles =
      options.profileDir === undefined
        ? []
        : [
            new RendererProfile(path.join(options.profileDir, `renderer-loadAllVisible-${options.run}.cpuprofile`), 'view open, group expanded)'),
            new RendererProfile(path.join(options.profileDir, `renderer-loadAllVisibleEveryRow-${options.run}.cpuprofile`), 'every row drawn)'),
          ];
    const processCpu = process.env[ENV_PROCESS_CPU] === '1' ? new ProcessCpu() : undefined;
    workbench = await openWorkbench({
      server,
      developmentExtensionPath: options.extensionPath,
      extensionTestsPath: BENCH_HOST_RUNNER,
      onExit: (code) => settle({ code }),
      onLog: (level, message) => {
        const text = formatLogEntry(message);
        if (text.startsWith(MARKER) && processCpu?.onProgress(text.slice(MARKER.length)) === true) {
          return;
        }
        if (text.startsWith(MARKER)) {
          options.onProgress?.(text.slice(MARKER.length));
          for (const profile of rendererProfiles) {
            profile.onProgress(text.slice(MARKER.length), workbench?.page);
          }
        }
        fs.appendFileSync(workbenchLog, `[${level}] ${text}\n`);
      },
    });
    const result = await outcome;
    for (const line of processCpu?.summary() ?? []) {
      options.onProgress?.(line);
    }
    const results = readResults(resultsFile);
    if ('timedOut' in result) {
      throw new Error(`the benchmark runner did not finish within ${timeoutMs / 1000} s${results?.error ? `: ${results.error}` : ''}; log ${workbenchLog}`);
    }
    if (results === undefined) {
      throw new Error(`the extension host ended (exit ${result.code}) without writing its results: the runner or the extension failed to load. Logs: ${workbenchLog}, ${server.logFile}`);
    }
    return { results, exitCode: result.code };
  } finally {
    if (timer) clearTimeout(timer);
    await workbench?.close();
    await server?.stop();
    fs.rmSync(resultsDir, { recursive: true, force: true });
  }
}

function readResults(file: string): HostBenchResults | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as HostBenchResults;
  } catch {
    return undefined;
  }
}

