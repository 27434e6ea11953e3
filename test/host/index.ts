// The standard extension-host test runner (the @vscode/test-electron contract): VS Code loads this file from
// `extensionTestsPath` inside its extension host and awaits `run()`. Used by code-server (test/harness/hostTests.ts)
// and by @vscode/test-electron (test/harness/electron.ts).
//
// Environment:
//   PGE_RESULTS_FILE  when set, a JSON summary {passed, failed, skipped, failures:[{title, message}]} is written there
//   PGE_TEST_GREP     when set, only tests whose full title matches this regular expression run
//   PGE_LOG_MARKER    when set, prefixed to every line of the runner's output, so a driver that receives the
//                     workbench's whole log (code-server) can pick the test output out of it
//   PGE_HOST_SUITES   `restricted`: only the suites of restricted/ (they need a folder that is not trusted);
//                     otherwise every suite but those
//   PGE_ARTIFACTS_DIR the repository's test-artifacts/ (the extension under test runs from a copy): where suites
//                     write what they measured (the agent tools' eval table)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

export interface HostTestFailure {
  readonly title: string;
  readonly message: string;
}

export interface HostTestResults {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly failures: readonly HostTestFailure[];
}

const TEST_FILE = /\.test\.js$/;

const RESTRICTED_DIR = 'restricted';

function findTestFiles(root: string): string[] {
  const restricted = process.env.PGE_HOST_SUITES === 'restricted';
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((relative) => TEST_FILE.test(relative))
    .filter((relative) => (relative.split(path.sep)[0] === RESTRICTED_DIR) === restricted)
    .map((relative) => path.join(root, relative))
    .sort();
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) {
    return reason.stack ?? `${reason.name}: ${reason.message}`;
  }
  try {
    return `non-Error rejection: ${JSON.stringify(reason)}`;
  } catch {
    return `non-Error rejection: ${String(reason)}`;
  }
}

function say(...args: unknown[]): void {
  const marker = process.env.PGE_LOG_MARKER ?? '';
  for (const line of format(...args).split('\n')) {
    console.log(`${marker}${line}`);
  }
}

function writeResults(results: HostTestResults): void {
  const file = process.env.PGE_RESULTS_FILE;
  if (file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  }
}

export function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = say;
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: 'spec' });
  const grep = process.env.PGE_TEST_GREP;
  if (grep) {
    mocha.grep(new RegExp(grep));
  }
  const files = findTestFiles(__dirname);
  for (const file of files) {
    mocha.addFile(file);
  }

  // An unhandled rejection in the extension host during the suites fails the run. Mocha re-emits rejections
  // it does not own, so the same promise can arrive twice.
  const seen = new WeakSet<Promise<unknown>>();
  const rejections: HostTestFailure[] = [];
  const onRejection = (reason: unknown, promise: Promise<unknown>): void => {
    if (seen.has(promise)) {
      return;
    }
    seen.add(promise);
    const message = describeReason(reason);
    rejections.push({ title: 'unhandled promise rejection in the extension host', message });
    say(`[host tests] unhandled promise rejection in the extension host:\n${message}`);
  };

  return new Promise<void>((resolve, reject) => {
    if (files.length === 0) {
      const message = `no *.test.js files under ${__dirname}`;
      writeResults({ passed: 0, failed: 1, skipped: 0, failures: [{ title: 'host test runner', message }] });
      reject(new Error(message));
      return;
    }
    let passed = 0;
    let skipped = 0;
    const failures: HostTestFailure[] = [];
    process.on('unhandledRejection', onRejection);
    let runner: Mocha.Runner;
    try {
      runner = mocha.run(() => {
        // Let rejections of the last test's promises surface before counting.
        setTimeout(() => {
          process.removeListener('unhandledRejection', onRejection);
          for (const rejection of rejections) {
            say(`  failure: ${rejection.title}`);
          }
          const allFailures = [...failures, ...rejections];
          const results: HostTestResults = { passed, failed: allFailures.length, skipped, failures: allFailures };
          writeResults(results);
          say(`[host tests] ${passed} passed, ${allFailures.length} failed, ${skipped} skipped`);
          if (allFailures.length > 0) {
            reject(new Error(`${allFailures.length} extension-host test(s) failed`));
          } else {
            resolve();
          }
        }, 250);
      });
    } catch (error: unknown) {
      // A suite file that throws while loading.
      process.removeListener('unhandledRejection', onRejection);
      const message = describeReason(error);
      writeResults({ passed: 0, failed: 1, skipped: 0, failures: [{ title: 'loading the extension-host suites', message }] });
      say(`[host tests] loading the suites failed:\n${message}`);
      reject(error instanceof Error ? error : new Error(message));
      return;
    }
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => {
      passed += 1;
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => {
      skipped += 1;
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Runnable, error: unknown) => {
      failures.push({ title: test.fullTitle(), message: error instanceof Error ? error.message : String(error) });
    });
  });
}
