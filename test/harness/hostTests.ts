// Level 2: the extension-host suites (out/test/host/**/*.test.js, run by out/test/host/index.js) inside a real
// VS Code: code-server with the extension loaded from source (the repository: dist/extension.js, with a manifest that
// also contributes the views of the test-only features, test/harness/hostManifest.ts).
// The suites of test/host/restricted/ run in a second code-server, with Workspace Trust on and a folder not trusted.
// Usage: node out/test/harness/hostTests.js [--grep <regexp>] [--timeout <seconds>]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { startCodeServer, type CodeServer } from './codeServer';
import { hostExtensionFolder } from './hostManifest';
import { ARTIFACTS_DIR, HOST_TESTS_DIR, LOGS_DIR, REPO_ROOT, SCREENSHOTS_DIR } from './paths';
import { formatSeconds } from './processes';
import { infrastructureFailure, readCounts, summaryLine, type LevelResult } from './results';
import { RESTRICTED_FOLDER_SETTINGS } from './restrictedFolder';
import { openWorkbench, type Workbench } from './workbench';

export interface HostTestOptions {
  /** Only tests whose full title matches this regular expression. */
  readonly grep?: string;
  /** The whole level's time limit (default 15 min). */
  readonly timeoutMs?: number;
  /** Extra environment for the extension host. */
  readonly env?: Readonly<Record<string, string>>;
  /** Extra user settings. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Run the Restricted Mode suites (test/host/restricted/) instead of the others: Workspace Trust on, and the workspace
   * a folder that is not trusted, whose .vscode/settings.json is `RESTRICTED_FOLDER_SETTINGS`.
   */
  readonly restricted?: boolean;
}


const LEVEL = 'host';
/** Marks the runner's lines in the workbench log (see PGE_LOG_MARKER in test/host/index.ts). */
const MARKER = '\u2063pge\u2063';

/** The workbench hands over each log entry as the JSON array of its console arguments. */
export function formatLogEntry(message: string): string {
  try {
    const args: unknown = JSON.parse(message);
    if (Array.isArray(args)) {
      return format(...(args as unknown[]));
    }
  } catch {
    // not JSON: as is
  }
  return message;
}

function missingBuildOutputs(): string[] {
  const required: Array<[string, string]> = [
    [path.join(REPO_ROOT, 'dist', 'extension.js'), 'npm run build'],
    [path.join(HOST_TESTS_DIR, 'index.js'), 'npm run compile-tests'],
  ];
  return required.filter(([file]) => !fs.existsSync(file)).map(([file, command]) => `${path.relative(REPO_ROOT, file)} is missing: run ${command}`);
}

export async function runHostTests(options: HostTestOptions = {}): Promise<LevelResult> {
  const started = Date.now();
  const elapsed = (): number => Date.now() - started;
  const missing = missingBuildOutputs();
  if (missing.length > 0) {
    return infrastructureFailure(LEVEL, missing.join('; '), elapsed());
  }
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const restricted = options.restricted === true;
  const name = restricted ? 'host-restricted' : 'host';
  // A file of this run's own (several runs may share the repository); copied to test-artifacts/ at the end.
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-host-results-'));
  const resultsFile = path.join(resultsDir, `${name}-results.json`);

  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const env: Record<string, string> = { ...options.env, PGE_RESULTS_FILE: resultsFile, PGE_LOG_MARKER: MARKER, PGE_HOST_SUITES: restricted ? 'restricted' : 'default', PGE_ARTIFACTS_DIR: ARTIFACTS_DIR };
    if (options.grep !== undefined) {
      env.PGE_TEST_GREP = options.grep;
    }
    server = await startCodeServer({ env, settings: options.settings, logName: `${name}-code-server`, workspaceTrust: restricted });
    let folder: string | undefined;
    if (restricted) {
      folder = path.join(server.root, 'untrusted-folder');
      fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), `${JSON.stringify(RESTRICTED_FOLDER_SETTINGS, null, 2)}\n`);
    }
    console.log(`[host] code-server ${server.origin} started in ${formatSeconds(elapsed())}; running ${path.relative(REPO_ROOT, HOST_TESTS_DIR)} in its extension host`);

    let settle: (outcome: { code: number } | { timedOut: true }) => void = () => undefined;
    const outcome = new Promise<{ code: number } | { timedOut: true }>((resolve) => {
      settle = resolve;
    });
    timer = setTimeout(() => settle({ timedOut: true }), timeoutMs);
    // The test output goes to the console; the rest of the workbench's log (and the extension's own console) to a file.
    fs.mkdirSync(LOGS_DIR, { recursive: true });
    const workbenchLog = path.join(LOGS_DIR, `${name}-workbench.log`);
    fs.writeFileSync(workbenchLog, '');
    const verbose = process.env.PGE_VERBOSE === '1';
    const extensionFolder = hostExtensionFolder(server.root);
    workbench = await openWorkbench({
      server,
      developmentExtensionPath: extensionFolder,
      extensionTestsPath: path.join(extensionFolder, path.relative(REPO_ROOT, HOST_TESTS_DIR)),
      ...(folder === undefined ? {} : { folder }),
      onExit: (code) => settle({ code }),
      onLog: (level, message) => {
        const text = formatLogEntry(message);
        if (text.startsWith(MARKER)) {
          console.log(text.slice(MARKER.length));
          return;
        }
        fs.appendFileSync(workbenchLog, `[${level}] ${text}\n`);
        if (verbose) {
          console.log(`[workbench ${level}] ${text}`);
        }
      },
    });
    const result = await outcome;
    if ('timedOut' in result) {
      const shot = path.join(SCREENSHOTS_DIR, `${name}-tests-timeout.png`);
      fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      await workbench.page.screenshot({ path: shot }).catch(() => undefined);
      const partial = readCounts(resultsFile);
      return infrastructureFailure(
        LEVEL,
        `the extension-host suites did not finish within ${formatSeconds(timeoutMs)} (a hung test or activation?). Screenshot: ${path.relative(REPO_ROOT, shot)}; code-server log: ${server.logFile}`,
        elapsed(),
        partial,
      );
    }
    const counts = readCounts(resultsFile);
    if (counts === undefined) {
      const errors = workbench.browserErrors.slice(-5).join('\n  ');
      return infrastructureFailure(
        LEVEL,
        `the extension host ended (exit code ${result.code}) without writing ${path.relative(REPO_ROOT, resultsFile)}: the runner or the extension failed to load. Code-server log: ${server.logFile}${errors ? `\n  ${errors}` : ''}`,
        elapsed(),
      );
    }
    if (result.code !== 0 && counts.failed === 0) {
      return infrastructureFailure(LEVEL, `the extension host exited with code ${result.code} although no test failed`, elapsed(), counts);
    }
    return { level: LEVEL, ...counts, durationMs: elapsed() };
  } catch (error: unknown) {
    return infrastructureFailure(LEVEL, error instanceof Error ? error.message : String(error), elapsed(), readCounts(resultsFile));
  } finally {
    if (timer) clearTimeout(timer);
    await workbench?.close();
    await server?.stop();
    if (fs.existsSync(resultsFile)) {
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      fs.copyFileSync(resultsFile, path.join(ARTIFACTS_DIR, `${name}-results.json`));
    }
    fs.rmSync(resultsDir, { recursive: true, force: true });
  }
}

/**
 * The whole level: the suites in a trusted workspace, then (unless `grep` leaves them out: their titles start with
 * "Restricted Mode") the Restricted Mode suites in a folder that is not trusted. One result, counts added up.
 */
export async function runHostLevel(options: Omit<HostTestOptions, 'restricted'> = {}): Promise<LevelResult> {
  const main = await runHostTests(options);
  if (options.grep !== undefined && !new RegExp(options.grep).test('Restricted Mode')) {
    return main;
  }
  console.log('[host] Restricted Mode: the suites of test/host/restricted/ in a folder that is not trusted');
  const restricted = await runHostTests({ ...options, restricted: true });
  const infrastructureError = [main.infrastructureError, restricted.infrastructureError].filter((e) => e !== undefined).join('; ');
  return {
    level: LEVEL,
    passed: main.passed + restricted.passed,
    failed: main.failed + restricted.failed,
    skipped: main.skipped + restricted.skipped,
    failures: [...main.failures, ...restricted.failures],
    durationMs: main.durationMs + restricted.durationMs,
    ...(infrastructureError === '' ? {} : { infrastructureError }),
  };
}

if (require.main === module) {
  const argument = (name: string): string | undefined => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const grep = argument('--grep');
  const timeoutSeconds = Number(argument('--timeout') ?? Number.NaN);
  void runHostLevel({ grep, timeoutMs: Number.isFinite(timeoutSeconds) ? timeoutSeconds * 1000 : undefined }).then((result) => {
    if (result.infrastructureError !== undefined) {
      console.error(`[host] ${result.infrastructureError}`);
    }
    console.log(`[host] finished in ${formatSeconds(result.durationMs)}`);
    console.log(summaryLine(result));
    process.exit(result.failed > 0 ? 1 : 0);
  });
}
