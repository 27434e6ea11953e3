// `npm test`: every test level, one after the other, and one summary line at the end.
//   1 unit  mocha on Node (out/test/unit/**/*.test.js), no VS Code
//   2 host  the extension-host suites in a real VS Code (code-server), extension loaded from source
//   3 e2e   mocha on Node driving the workbench in Chromium (out/test/e2e/**/*.test.js), extension from the .vsix
// Usage: node out/test/harness/runAll.js [unit] [host] [e2e] [--grep <regexp>]   (default: all levels)
// The last line printed is `N passed, N failed` (plus `, N skipped` when any); it is also written to
// test-artifacts/summary.txt. A level that cannot run counts as 1 failed. Exit code 1 when anything failed.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runHostLevel } from './hostTests';
import { ensureTestVsCode } from './install';
import { ARTIFACTS_DIR, REPO_ROOT, VSIX_PATH } from './paths';
import { formatSeconds, runCommand, signalGroup, sweepRegistry } from './processes';
import { infrastructureFailure, readCounts, summaryLine, type LevelResult } from './results';

const LEVELS = ['unit', 'host', 'e2e'] as const;
type Level = (typeof LEVELS)[number];

const TITLES: Record<Level, string> = {
  unit: 'level 1: unit tests (mocha on Node, no VS Code)',
  host: 'level 2: extension-host tests (real VS Code: code-server, extension from source)',
  e2e: 'level 3: end-to-end tests (code-server + Chromium, extension installed from the .vsix)',
};

interface MochaLevel {
  readonly spec: string;
  readonly testTimeoutMs: number;
  readonly levelTimeoutMs: number;
}

const MOCHA_LEVELS: Record<'unit' | 'e2e', MochaLevel> = {
  unit: { spec: 'out/test/unit/**/*.test.js', testTimeoutMs: 10_000, levelTimeoutMs: 15 * 60_000 },
  e2e: { spec: 'out/test/e2e/**/*.test.js', testTimeoutMs: 180_000, levelTimeoutMs: 40 * 60_000 },
};

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-runall-'));

function registryFile(level: Level): string {
  return path.join(workDir, `${level}-processes.txt`);
}

function hasCompiledTests(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => name.endsWith('.test.js'));
}

async function runMochaLevel(level: 'unit' | 'e2e', grep: string | undefined): Promise<LevelResult> {
  const started = Date.now();
  const config = MOCHA_LEVELS[level];
  const compiledDir = path.join(REPO_ROOT, 'out', 'test', level);
  if (!hasCompiledTests(compiledDir)) {
    return infrastructureFailure(level, `no compiled tests in ${path.relative(REPO_ROOT, compiledDir)}: run npm run compile-tests`, Date.now() - started);
  }
  if (level === 'e2e' && !fs.existsSync(VSIX_PATH)) {
    return infrastructureFailure(level, `${path.basename(VSIX_PATH)} is missing: run npm run package first`, Date.now() - started);
  }
  const resultsFile = path.join(workDir, `${level}-results.json`);
  const registry = registryFile(level);
  const args = [
    require.resolve('mocha/bin/mocha.js', { paths: [REPO_ROOT] }),
    '--no-config',
    '--no-package',
    '--reporter',
    path.join(__dirname, 'countingReporter.js'),
    '--timeout',
    String(config.testTimeoutMs),
    '--exit',
    ...(grep === undefined ? [] : ['--grep', grep]),
    config.spec,
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, PGE_RESULTS_FILE: resultsFile, PGE_PROCESS_REGISTRY: registry };
  const result = await runCommand(process.execPath, args, { cwd: REPO_ROOT, env, output: 'inherit', timeoutMs: config.levelTimeoutMs });
  const leftOver = await sweepRegistry(registry);
  const durationMs = Date.now() - started;
  const counts = readCounts(resultsFile);
  if (counts) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.copyFileSync(resultsFile, path.join(ARTIFACTS_DIR, `${level}-results.json`));
  }
  if (result.timedOut) {
    return infrastructureFailure(level, `did not finish within ${formatSeconds(config.levelTimeoutMs)}: stopped`, durationMs, counts);
  }
  if (counts === undefined) {
    return infrastructureFailure(level, `mocha ended (exit code ${String(result.code)}${result.signal ? `, ${result.signal}` : ''}) without reporting results: see its output above`, durationMs);
  }
  if (result.code !== 0 && counts.failed === 0) {
    return infrastructureFailure(level, `mocha exited with code ${String(result.code)} although no test failed`, durationMs, counts);
  }
  if (leftOver > 0) {
    console.warn(`[${level}] ${leftOver} process group(s) (code-server) were still running after the tests: killed`);
  }
  return { level, ...counts, durationMs };
}

function parseArguments(argv: readonly string[]): { levels: Level[]; grep: string | undefined } {
  const levels: Level[] = [];
  let grep: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--grep') {
      grep = argv[index + 1];
      index += 1;
    } else if ((LEVELS as readonly string[]).includes(argument)) {
      levels.push(argument as Level);
    } else {
      throw new Error(`unknown argument ${argument}: expected ${LEVELS.join(', ')} or --grep <regexp>`);
    }
  }
  return { levels: levels.length > 0 ? LEVELS.filter((level) => levels.includes(level)) : [...LEVELS], grep };
}

function killRegisteredGroupsNow(): void {
  for (const level of LEVELS) {
    const file = registryFile(level);
    if (fs.existsSync(file)) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        const pgid = Number(line);
        if (Number.isInteger(pgid) && pgid > 1) {
          signalGroup(pgid, 'SIGKILL');
        }
      }
    }
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const { levels, grep } = parseArguments(process.argv.slice(2));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n[runAll] ${signal}: stopping`);
      killRegisteredGroupsNow();
      process.exit(130); // the exit hook of processes.ts kills the groups this process started
    });
  }
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const summaryFile = path.join(ARTIFACTS_DIR, 'summary.txt');
  fs.rmSync(summaryFile, { force: true });

  let installError: string | undefined;
  if (levels.includes('host') || levels.includes('e2e')) {
    try {
      await ensureTestVsCode();
    } catch (error: unknown) {
      installError = `the test VS Code could not be installed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`[runAll] ${installError}`);
    }
  }

  const results: LevelResult[] = [];
  for (const level of levels) {
    console.log(`\n=== ${TITLES[level]} ===`);
    let result: LevelResult;
    if (installError !== undefined && level !== 'unit') {
      result = infrastructureFailure(level, installError, 0);
    } else if (level === 'host') {
      result = await runHostLevel(grep === undefined ? {} : { grep });
    } else {
      result = await runMochaLevel(level, grep);
    }
    if (result.infrastructureError !== undefined) {
      console.error(`[${level}] could not run: ${result.infrastructureError}`);
    }
    console.log(`--- ${level}: ${summaryLine(result)} (${formatSeconds(result.durationMs)})`);
    results.push(result);
  }

  const totals = results.reduce((sum, result) => ({ passed: sum.passed + result.passed, failed: sum.failed + result.failed, skipped: sum.skipped + result.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  console.log(`\n=== summary (${formatSeconds(Date.now() - started)}) ===`);
  for (const result of results) {
    console.log(`  ${result.level.padEnd(5)} ${summaryLine(result)}  (${formatSeconds(result.durationMs)})`);
    for (const failure of result.failures) {
      console.log(`        ✗ ${failure.title}: ${failure.message.split('\n')[0]}`);
    }
  }
  const line = summaryLine(totals);
  fs.writeFileSync(summaryFile, `${line}\n`);
  fs.rmSync(workDir, { recursive: true, force: true });
  console.log(line);
  return totals.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[runAll] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
