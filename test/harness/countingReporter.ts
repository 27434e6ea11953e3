// A mocha reporter for the harness's child runs (unit, e2e): mocha's spec output on the console, plus the counts
// written as JSON {passed, failed, skipped, failures:[{title, message}]} to the file named by PGE_RESULTS_FILE.
// Usage: mocha --reporter out/test/harness/countingReporter.js …
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

interface Failure {
  readonly title: string;
  readonly message: string;
}

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    let passed = 0;
    let skipped = 0;
    const failures: Failure[] = [];
    const { EVENT_TEST_PASS, EVENT_TEST_PENDING, EVENT_TEST_FAIL, EVENT_RUN_END } = Mocha.Runner.constants;
    runner.on(EVENT_TEST_PASS, () => {
      passed += 1;
    });
    runner.on(EVENT_TEST_PENDING, () => {
      skipped += 1;
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Runnable, error: unknown) => {
      failures.push({ title: test.fullTitle(), message: error instanceof Error ? error.message : String(error) });
    });
    runner.once(EVENT_RUN_END, () => {
      const file = process.env.PGE_RESULTS_FILE;
      if (file) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${JSON.stringify({ passed, failed: failures.length, skipped, failures }, null, 2)}\n`);
      }
    });
  }
}

// Mocha loads a reporter by path and uses the module itself as the constructor.
export = CountingReporter;
