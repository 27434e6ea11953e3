/** A forced garbage collection for heap figures: `global.gc` when exposed, else V8's flag set at run time; else none. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface ForcedGc {
  readonly collect: () => void;
  /** Said next to the figure: how it was measured. */
  readonly how: string;
}

export function forcedGc(): ForcedGc {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') {
    return { collect: () => exposed(), how: 'global.gc (exposed in the host)' };
  }
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') {
      return { collect: () => (gc as () => void)(), how: 'forced GC (global.gc not exposed; --expose-gc set at run time via v8.setFlagsFromString)' };
    }
  } catch {
    // no forced GC
  }
  return { collect: () => undefined, how: 'no forced GC available: indicative only' };
}

/** heapUsed after two forced collections (the second picks up what finalizers released). */
export function settledHeap(gc: ForcedGc): number {
  gc.collect();
  gc.collect();
  return process.memoryUsage().heapUsed;
}

/**
 * heapUsed once it stopped moving: forced collections `intervalMs` apart until two readings are within `toleranceBytes`
 * (at most `limitMs`). For a baseline taken right after something was released elsewhere (the editor's tree drops the
 * rows it held a little after the view closed and its model was reset).
 */
export async function steadyHeap(gc: ForcedGc, intervalMs = 300, toleranceBytes = 512 * 1024, limitMs = 10_000): Promise<number> {
  const started = Date.now();
  let previous = settledHeap(gc);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const now = settledHeap(gc);
    if (Math.abs(now - previous) <= toleranceBytes || Date.now() - started > limitMs) {
      return now;
    }
    previous = now;
  }
}
