// The extension-host suites under @vscode/test-electron: a desktop VS Code downloaded from Microsoft's update
// service into .vscode-test/ (needs internet access and, on Linux, a display: e.g. `xvfb-run -a npm run test:electron`).
// On machines without that access use `npm test`, which runs the same suites in code-server.
// Usage: npm run test:electron   (node out/test/harness/electron.js [--version <stable|insiders|1.x.y>] [--grep <re>])
// Env:   PGE_VSCODE_VERSION (default stable), PGE_VSCODE_EXECUTABLE (use an installed VS Code instead of downloading)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { QUIET_SETTINGS } from './codeServer';
import { ARTIFACTS_DIR, CACHE_DIR, HOST_TESTS_DIR, REPO_ROOT } from './paths';
import { formatSeconds } from './processes';
import { readCounts, summaryLine } from './results';

const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const IDLE_TIMEOUT_MS = 20_000;
const RUN_TIMEOUT_MS = 15 * 60_000;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function vscodeExecutable(version: string): Promise<string> {
  const installed = process.env.PGE_VSCODE_EXECUTABLE;
  if (installed) {
    return installed;
  }
  try {
    return await withTimeout(
      downloadAndUnzipVSCode({ version, cachePath: CACHE_DIR, timeout: IDLE_TIMEOUT_MS }),
      DOWNLOAD_TIMEOUT_MS,
      `no complete download within ${formatSeconds(DOWNLOAD_TIMEOUT_MS)}`,
    );
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `@vscode/test-electron could not download VS Code ${version} from Microsoft's update service (${reason}).\n` +
        'It needs internet access to update.code.visualstudio.com. On this machine run the same suites in code-server\n' +
        'with `npm test` (or `node out/test/harness/runAll.js host`), or point PGE_VSCODE_EXECUTABLE at an installed VS Code.',
    );
  }
}

async function main(): Promise<number> {
  const version = argument('--version') ?? process.env.PGE_VSCODE_VERSION ?? 'stable';
  const grep = argument('--grep');
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js')) || !fs.existsSync(path.join(HOST_TESTS_DIR, 'index.js'))) {
    throw new Error('dist/extension.js or out/test/host/index.js is missing: run npm run build && npm run compile-tests');
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.warn('[electron] no DISPLAY: desktop VS Code needs one on Linux (run under `xvfb-run -a`).');
  }
  const executable = await vscodeExecutable(version);

  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-electron-'));
  const userDataDir = path.join(temp, 'user-data');
  const extensionsDir = path.join(temp, 'extensions');
  const workspaceDir = path.join(temp, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(workspaceDir, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(QUIET_SETTINGS, null, 2)}\n`);
  const resultsFile = path.join(temp, 'host-results.json');
  const env: Record<string, string> = { PGE_RESULTS_FILE: resultsFile };
  if (grep !== undefined) {
    env.PGE_TEST_GREP = grep;
  }

  // A suite that never settles would keep VS Code open: test-electron closes it on SIGINT (twice: kill the tree).
  const watchdog = setTimeout(() => {
    console.error(`[electron] the suites did not finish within ${formatSeconds(RUN_TIMEOUT_MS)}: stopping VS Code`);
    process.kill(process.pid, 'SIGINT');
    setTimeout(() => process.kill(process.pid, 'SIGINT'), 10_000).unref();
  }, RUN_TIMEOUT_MS);
  const started = Date.now();
  let exitCode: number;
  try {
    exitCode = await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: HOST_TESTS_DIR,
      extensionTestsEnv: env,
      launchArgs: [
        workspaceDir,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        extensionsDir,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-telemetry',
      ],
    }).catch((error: unknown) => {
      console.error(`[electron] ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    });
  } finally {
    clearTimeout(watchdog);
  }
  const counts = readCounts(resultsFile);
  if (counts) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.copyFileSync(resultsFile, path.join(ARTIFACTS_DIR, 'host-results.json'));
  }
  fs.rmSync(temp, { recursive: true, force: true });
  console.log(`[electron] VS Code ${version} exited with code ${exitCode} after ${formatSeconds(Date.now() - started)}`);
  if (counts === undefined) {
    console.log('0 passed, 1 failed');
    console.error('[electron] the test runner wrote no results (VS Code did not start or the runner failed to load)');
    return 1;
  }
  console.log(summaryLine(counts));
  return counts.failed > 0 || exitCode !== 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[electron] ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
