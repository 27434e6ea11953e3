// Retries an assertion until it passes: the workbench updates asynchronously (playwright-core has no `expect`).
import { strict as assert } from 'node:assert';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator } from 'playwright-core';

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

/** Waits until `target` has faded in (toasts and hovers fade in: a screenshot taken earlier shows them pale). */
export async function fadedIn(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible', timeout: 15_000 });
  await eventually(async () =>
    assert.ok(
      await target.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (getComputedStyle(node).opacity !== '1' || node.getAnimations().some((animation) => animation.playState === 'running')) {
            return false;
          }
        }
        return true;
      }),
      'still fading in',
    ),
  );
}
