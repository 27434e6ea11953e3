/**
 * What one step costs the extension host: wall time and the process's CPU time (user + system). On a shared machine
 * CPU time moves much less with the load than wall time. No `vscode` here.
 */

export interface Cost {
  readonly ms: number;
  readonly cpuMs: number;
}

/** Runs `action` and measures it. */
export async function costOf<T>(action: () => Promise<T>): Promise<{ readonly value: T; readonly cost: Cost }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await action();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, cost: { ms, cpuMs: (used.user + used.system) / 1000 } };
}
