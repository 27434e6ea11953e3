// Test counts as the levels report them (the JSON file the runners write) and as runAll sums them.
import * as fs from 'node:fs';

export interface TestFailure {
  readonly title: string;
  readonly message: string;
}

export interface TestCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly failures: readonly TestFailure[];
}

export interface LevelResult extends TestCounts {
  readonly level: string;
  readonly durationMs: number;
  /** Set when the level could not run (or did not finish): it then counts as 1 failed. */
  readonly infrastructureError?: string;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Parses a results file written by test/host/index.ts or the counting reporter; undefined when absent or invalid. */
export function readCounts(file: string): TestCounts | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) {
    return undefined;
  }
  const record = parsed as Record<string, unknown>;
  if (!isCount(record.passed) || !isCount(record.failed) || !isCount(record.skipped)) {
    return undefined;
  }
  const failures: TestFailure[] = Array.isArray(record.failures)
    ? record.failures.flatMap((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) {
          return [];
        }
        const failure = entry as Record<string, unknown>;
        return [{ title: String(failure.title), message: String(failure.message) }];
      })
    : [];
  return { passed: record.passed, failed: record.failed, skipped: record.skipped, failures };
}

export function infrastructureFailure(level: string, message: string, durationMs: number, counts?: TestCounts): LevelResult {
  const passed = counts?.passed ?? 0;
  const skipped = counts?.skipped ?? 0;
  const failures = [...(counts?.failures ?? []), { title: `${level}: infrastructure`, message }];
  return { level, passed, failed: (counts?.failed ?? 0) + 1, skipped, failures, durationMs, infrastructureError: message };
}

/** The summary line: `N passed, N failed` plus `, N skipped` when any were skipped. */
export function summaryLine(totals: Pick<TestCounts, 'passed' | 'failed' | 'skipped'>): string {
  const line = `${totals.passed} passed, ${totals.failed} failed`;
  return totals.skipped > 0 ? `${line}, ${totals.skipped} skipped` : line;
}
