/**
 * Benchmark: the Webhook Inbox's receiver under a burst of 1,000 deliveries of 10 KB (Node, outside the editor: the
 * receiver and its ring buffer are the same code the extension host runs).
 * - deliveries per second: 1,000 POSTs, 32 at a time over keep-alive connections, not forwarded;
 * - added latency per forwarded delivery: the same POST sent one at a time straight to the handler and through the
 *   inbox (forwarding to it), alternating in ABBA blocks; the median of each side, and their difference;
 * - memory: heap plus array buffers after forced collections, before and after bursts of 1,000 and 5,000 deliveries
 *   with maxDeliveries 500: what stays is bounded by the 500 kept, not by how many arrived.
 * The handler runs in a child process (this file, started with `handler`), so that its work does not share the event
 * loop with the inbox. Run alone: node out/test/bench/index.js --only inbox (or node out/test/bench/webhookInbox.js).
 */
import { fork } from 'node:child_process';
import * as http from 'node:http';
import { Inbox } from '../../src/features/webhooks/inbox/model/inbox';
import { Receiver } from '../../src/features/webhooks/inbox/model/receiver';
import { forcedGc } from './host/forcedGc';
import type { BenchRow } from './index';
import { median, mib } from './stats';

const SECTION = 'webhook inbox';
const BURST = 1_000;
const BODY_BYTES = 10 * 1024;
const CONCURRENCY = 32;
const LATENCY_SAMPLES = 1_000;
const BLOCK = 25;
const MAX_DELIVERIES = 500;
const TARGET_ADDED_MS = 1;

function body(index: number): Buffer {
  const head = JSON.stringify({ type: 'form.submitted', id: `evt_${index}`, pad: '' });
  const pad = 'x'.repeat(BODY_BYTES - head.length);
  return Buffer.from(JSON.stringify({ type: 'form.submitted', id: `evt_${index}`, pad }));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(port: number, path: string, payload: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function burst(port: number, count: number): Promise<number> {
  const payloads = Array.from({ length: 16 }, (_, i) => body(i));
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const status = await post(port, `/hooks/burst/${index % 8}`, payloads[index % payloads.length] as Buffer);
      if (status !== 200) {
        throw new Error(`delivery ${index}: status ${status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

async function startHandlerProcess(): Promise<{ port: number; stop(): void }> {
  const child = fork(__filename, ['handler'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the handler exited (${code})`)));
  });
  return { port, stop: () => child.kill() };
}

function memory(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

export async function benchWebhookInbox(): Promise<readonly BenchRow[]> {
  const rows: BenchRow[] = [];
  const gc = forcedGc();
  const handler = await startHandlerProcess();
  const inbox = new Inbox(MAX_DELIVERIES);
  let forwardTo: string | undefined;
  const receiver = new Receiver(
    { port: 0, maxBodyBytes: 1024 * 1024, timeoutMs: 10_000, forwardTo: () => forwardTo },
    { received: (d) => inbox.add(d), forwarded: (d) => inbox.update(d) },
    { next: () => inbox.nextId() },
  );
  await receiver.start();
  const port = receiver.port as number;
  try {
    // Warm-up, then the burst.
    await burst(port, 200);
    inbox.clear();
    const ms = await burst(port, BURST);
    if (inbox.size !== Math.min(BURST, MAX_DELIVERIES)) {
      throw new Error(`the inbox kept ${inbox.size} deliveries`);
    }
    rows.push({
      section: SECTION,
      metric: `burst of ${BURST.toLocaleString('en')} × 10 KB, received`,
      value: `${Math.round((BURST / ms) * 1000).toLocaleString('en')} /s`,
      command: 'Receiver on 127.0.0.1, 32 senders, not forwarding (Node)',
      note: `${ms.toFixed(0)} ms in all; every delivery answered 200`,
    });

    // Added latency of forwarding: one at a time, direct and through the inbox, alternating in blocks (ABBA).
    forwardTo = `http://127.0.0.1:${handler.port}`;
    const payload = body(0);
    const direct: number[] = [];
    const through: number[] = [];
    const time = async (target: number): Promise<number> => {
      const started = performance.now();
      const status = await post(target, '/hooks/pages', payload);
      if (status !== 200) {
        throw new Error(`status ${status}`);
      }
      return performance.now() - started;
    };
    for (let i = 0; i < 100; i += 1) {
      await time(handler.port);
      await time(port);
    }
    for (let block = 0; block < (LATENCY_SAMPLES / BLOCK) * 2; block += 1) {
      const viaInbox = block % 4 === 1 || block % 4 === 2;
      for (let i = 0; i < BLOCK / 2; i += 1) {
        (viaInbox ? through : direct).push(await time(viaInbox ? port : handler.port));
      }
    }
    const added = median(through) - median(direct);
    rows.push({
      section: SECTION,
      metric: 'forwarded POST, median: direct → via inbox',
      value: `${median(direct).toFixed(3)} → ${median(through).toFixed(3)} ms`,
      command: 'POST 10 KB one at a time, ABBA blocks (Node)',
      note: `${direct.length} + ${through.length} requests; handler in a child process`,
    });
    rows.push({
      section: SECTION,
      metric: 'added latency per forwarded delivery',
      value: `${added.toFixed(3)} ms`,
      target: `≤ ${TARGET_ADDED_MS} ms`,
      met: added <= TARGET_ADDED_MS,
      command: 'median via inbox − median direct',
    });

    // Memory: bounded by maxDeliveries, not by how many arrived.
    forwardTo = undefined;
    inbox.clear();
    gc.collect();
    gc.collect();
    const empty = memory();
    await burst(port, BURST);
    gc.collect();
    gc.collect();
    const afterBurst = memory();
    await burst(port, BURST * 5);
    gc.collect();
    gc.collect();
    const afterFive = memory();
    const kept = MAX_DELIVERIES * BODY_BYTES;
    rows.push({
      section: SECTION,
      metric: `heap + buffers kept, maxDeliveries ${MAX_DELIVERIES}`,
      value: `${mib(afterBurst - empty).toFixed(1)} MiB after 1,000; ${mib(afterFive - empty).toFixed(1)} MiB after 6,000`,
      target: `≈ ${mib(kept).toFixed(1)} MiB of bodies, flat`,
      met: afterFive - empty < kept * 2 && afterFive - afterBurst < kept * 0.5,
      command: 'process.memoryUsage heapUsed + arrayBuffers',
      note: gc.how,
    });
  } finally {
    await receiver.stop();
    handler.stop();
    agent.destroy();
  }
  return rows;
}

if (require.main === module) {
  if (process.argv[2] === 'handler') {
    const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
  } else {
    benchWebhookInbox().then(
      (rows) => rows.forEach((row) => console.log(`${row.metric}: ${row.value}${row.target ? ` (target ${row.target}: ${row.met ? 'met' : 'NOT met'})` : ''}${row.note ? ` — ${row.note}` : ''}`)),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  }
}
