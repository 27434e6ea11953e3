// Child processes in their own process group (code-server starts helpers; Chromium too), stopped as a group.
// Every group started here is killed when this process exits, and, when PGE_PROCESS_REGISTRY names a file, its
// id is appended there so a parent (runAll) can kill what a crashed or timed-out child left behind.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) {
    return;
  }
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      signalGroup(pgid, 'SIGKILL');
    }
  });
}

/** Sends a signal to a whole process group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

/** Records a process group so it is killed on exit (here) and by the parent's registry sweep. */
export function trackGroup(pgid: number): void {
  installExitHook();
  liveGroups.add(pgid);
  const registry = process.env.PGE_PROCESS_REGISTRY;
  if (registry) {
    fs.appendFileSync(registry, `${pgid}\n`);
  }
}

/** Spawns `command` as the leader of a new process group (setsid) and tracks the group. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) {
    trackGroup(child.pid);
  }
  return child;
}

/** SIGTERM to the group, then SIGKILL after `graceMs`; resolves once no process of the group is left. */
export async function killGroup(pgid: number, graceMs = 5000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) {
    await delay(100);
  }
  if (groupAlive(pgid)) {
    signalGroup(pgid, 'SIGKILL');
    const hardDeadline = Date.now() + 5000;
    while (groupAlive(pgid) && Date.now() < hardDeadline) {
      await delay(100);
    }
  }
  liveGroups.delete(pgid);
}

/** Kills every group listed in a registry file that is still alive; returns how many were left over. */
export async function sweepRegistry(registryFile: string): Promise<number> {
  if (!fs.existsSync(registryFile)) {
    return 0;
  }
  const ids = fs
    .readFileSync(registryFile, 'utf8')
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((id) => Number.isInteger(id) && id > 1);
  let leftOver = 0;
  for (const id of new Set(ids)) {
    if (groupAlive(id)) {
      leftOver += 1;
      await killGroup(id, 2000);
    }
  }
  fs.writeFileSync(registryFile, '');
  return leftOver;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tryListen(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(chosen));
    });
  });
}

/** A free TCP port on `host`: `preferred` when it is free, otherwise one the OS picks. */
export async function freePort(preferred = 0, host = '127.0.0.1'): Promise<number> {
  if (preferred > 0) {
    const port = await tryListen(preferred, host);
    if (port !== undefined) {
      return port;
    }
  }
  const port = await tryListen(0, host);
  if (port === undefined) {
    throw new Error(`no free TCP port on ${host}`);
  }
  return port;
}

/** Polls `check` until it returns true; throws `message` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, message: string, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(message);
    }
    await delay(intervalMs);
  }
}

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
}

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the process group after this long. */
  readonly timeoutMs?: number;
  /** Where stdout and stderr go: 'inherit' streams them to this console; a path appends them to that file. */
  readonly output?: 'inherit' | string;
}

/** Runs a command in its own process group to completion (or timeout). */
export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let stdio: SpawnOptions['stdio'] = 'inherit';
    let fd: number | undefined;
    if (options.output !== undefined && options.output !== 'inherit') {
      fd = fs.openSync(options.output, 'a');
      stdio = ['ignore', fd, fd];
    }
    const child = spawnGroup(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio });
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            if (child.pid !== undefined) {
              void killGroup(child.pid, 3000);
            }
          }, options.timeoutMs);
    child.once('error', (error) => {
      if (timer) clearTimeout(timer);
      if (fd !== undefined) fs.closeSync(fd);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (fd !== undefined) fs.closeSync(fd);
      if (child.pid !== undefined) {
        // helpers the command left behind in its group go too
        void killGroup(child.pid, 1000).then(() => resolve({ code, signal, timedOut }));
      } else {
        resolve({ code, signal, timedOut });
      }
    });
  });
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
