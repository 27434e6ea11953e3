// `npm run demo` as a user runs it: it prints where to open VS Code and the sample key, both servers answer, and
// Ctrl-C stops everything, leaving no process. `--headless-check` drives the printed workbench once in Chromium.
import * as assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SAMPLE_API_KEY } from '../gateway/server';
import { REPO_ROOT, SCREENSHOTS_DIR } from '../harness/paths';
import { eventually } from './eventually';

const DEMO = path.join(REPO_ROOT, 'out', 'test', 'harness', 'demo.js');

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

function exited(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

async function status(url: string, headers: Record<string, string> = {}): Promise<number | 'refused'> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}

function processesMentioning(text: string): string[] {
  const list = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return list.split('\n').filter((line) => line.includes(text) && !line.includes('ps -eo'));
}

describe('Demo (npm run demo)', function () {
  this.timeout(180_000);
  let demo: ChildProcess | undefined;

  afterEach(async () => {
    if (demo && demo.exitCode === null && demo.signalCode === null && demo.pid !== undefined) {
      process.kill(-demo.pid, 'SIGKILL');
    }
    demo = undefined;
  });

  it('prints the workbench address and the sample key, and Ctrl-C stops VS Code and the gateway', async () => {
    demo = spawn(process.execPath, [DEMO, '--port', '0', '--gateway-port', '0'], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    demo.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    demo.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await eventually(() => assert.match(output, /Press Ctrl-C to stop/), { timeoutMs: 120_000, intervalMs: 250 });

    const workbenchUrl = /Open VS Code in your browser:\s+(\S+)/.exec(output)?.[1];
    const gatewayUrl = /Sample gateway:\s+(\S+)/.exec(output)?.[1];
    assert.ok(workbenchUrl, output);
    assert.ok(gatewayUrl, output);
    assert.match(output, new RegExp(`Sample API key:\\s+${SAMPLE_API_KEY}`));
    const origin = new URL(workbenchUrl).origin;
    assert.equal(new URL(workbenchUrl).hostname, '127.0.0.1', 'code-server listens on loopback only');
    assert.equal(await status(`${origin}/healthz`), 200);
    assert.equal(await status(`${gatewayUrl}/v0/webhook_subscriptions`, { 'x-api-key': SAMPLE_API_KEY }), 200);
    const folder = new URL(workbenchUrl).searchParams.get('folder');
    assert.ok(folder, 'the printed address opens a folder');
    const serverRoot = path.dirname(folder);
    assert.ok(processesMentioning(serverRoot).length > 0, 'code-server runs from its throwaway folder');

    assert.ok(demo.pid !== undefined);
    process.kill(demo.pid, 'SIGINT');
    const exit = await exited(demo);
    assert.deepEqual(exit, { code: 0, signal: null }, output);
    assert.match(output, /Stopped\./);
    assert.equal(await status(`${origin}/healthz`), 'refused', 'code-server still answers');
    assert.equal(await status(`${gatewayUrl}/v0/webhook_subscriptions`, { 'x-api-key': SAMPLE_API_KEY }), 'refused', 'the gateway still answers');
    assert.deepEqual(processesMentioning(serverRoot), [], 'processes left behind');
    assert.equal(fs.existsSync(serverRoot), false, 'the throwaway folders were not removed');
  });

  it('--headless-check opens the printed workbench, sets the sample key and shows the gateway data', async () => {
    const screenshot = path.join(SCREENSHOTS_DIR, 'demo.png');
    fs.rmSync(screenshot, { force: true });
    demo = spawn(process.execPath, [DEMO, '--headless-check', '--port', '0', '--gateway-port', '0'], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    demo.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    demo.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exit = await exited(demo);
    assert.deepEqual(exit, { code: 0, signal: null }, output);
    assert.match(output, /Demo check passed/);
    assert.ok(fs.statSync(screenshot).size > 10_000, 'demo.png is a real screenshot');
  });
});
