// Retries an assertion until it passes: the workbench updates asynchronously (playwright-core has no `expect`).
import { setTimeout as sleep } from 'node:timers/promises';

export interface EventuallyOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/** Runs `check` until it returns without throwing; after `timeoutMs` (default 15 s) rethrows its last error. */
export async function eventually<T>(check: () => Promise<T> | T, options: EventuallyOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    try {
      return await check();
    } catch (error: unknown) {
      if (Date.now() >= deadline) {
        throw error;
      }
    }
    await sleep(options.intervalMs ?? 200);
  }
}
