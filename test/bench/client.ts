/**
 * Benchmark: walk 10,000 page groups at limit=100 through GatewayClient and through a plain node:http loop doing the
 * same requests (keep-alive agent, JSON.parse of the body, following nextCursor), alternating, and compare medians.
 *
 * The sample gateway runs in a child process (this file, started with `gateway` as its argument), so that its work
 * does not share the event loop with the code being measured; requests are counted at the gateway over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GatewayClient } from '../../src/api/client';
import { generateDataset } from '../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../gateway/server';
import type { BenchRow } from './index';

const PAGE_GROUPS = 10_000;
const LIMIT = 100;
const WARMUP_ROUNDS = 2;
const ROUNDS = 11;
const SECTION = 'client walk';

type ToGateway = { readonly type: 'count' } | { readonly type: 'reset' } | { readonly type: 'stop' };
type FromGateway =
  | { readonly type: 'ready'; readonly url: string; readonly apiKey: string }
  | { readonly type: 'count'; readonly count: number }
  | { readonly type: 'reset' };

/** Runs the comparison and returns its rows. */
export async function benchClient(): Promise<readonly BenchRow[]> {
  const gateway = await GatewayProcess.start();
  const gc = forcedGc();
  const client = new GatewayClient({ baseUrl: gateway.url, apiKey: gateway.apiKey, timeoutMs: 30_000 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const walkClient = async (): Promise<number> => {
      let count = 0;
      let cursor: string | undefined;
      for (;;) {
        const page = await client.listPageGroups({ limit: LIMIT, cursor });
        count += page.items.length;
        if (!page.hasMore || page.nextCursor === undefined) {
          return count;
        }
        cursor = page.nextCursor;
      }
    };
    const walkPlain = (): Promise<number> => plainWalk(agent, gateway.url, gateway.apiKey);

    for (let i = 0; i < WARMUP_ROUNDS; i++) {
      check(await walkClient());
      check(await walkPlain());
    }
    await gateway.reset();
    gc.collect();
    const heapBefore = process.memoryUsage().heapUsed;

    const clientMs: number[] = [];
    const plainMs: number[] = [];
    const clientCpuMs: number[] = [];
    const plainCpuMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // ABBA order, so neither side always runs on a warmer or colder process.
      const order = round % 2 === 0 ? ['client', 'plain'] : ['plain', 'client'];
      for (const side of order) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        check(side === 'client' ? await walkClient() : await walkPlain());
        (side === 'client' ? clientMs : plainMs).push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        (side === 'client' ? clientCpuMs : plainCpuMs).push((used.user + used.system) / 1000);
      }
    }
    const requests = await gateway.count();
    gc.collect();
    const heapAfter = process.memoryUsage().heapUsed;

    const clientMedian = median(clientMs);
    const plainMedian = median(plainMs);
    const ratio = clientMedian / plainMedian;
    const perWalk = Math.ceil(PAGE_GROUPS / LIMIT);
    return [
      { section: SECTION, metric: 'data', value: `${PAGE_GROUPS} items`, note: `limit=${LIMIT}; ${WARMUP_ROUNDS} warm-up + ${ROUNDS} timed walks each, alternating` },
      { section: SECTION, metric: 'GatewayClient median', value: `${clientMedian.toFixed(1)} ms`, note: spread(clientMs) },
      { section: SECTION, metric: 'plain node:http median', value: `${plainMedian.toFixed(1)} ms`, note: spread(plainMs) },
      { section: SECTION, metric: 'ratio client / plain', value: `${ratio.toFixed(3)}×`, note: ratio <= 1.05 ? 'within the 1.05× target' : 'OVER the 1.05× target' },
      {
        section: SECTION,
        metric: 'paired ratio (median)',
        value: `${median(clientMs.map((ms, i) => ms / plainMs[i])).toFixed(3)}×`,
        note: 'median of the per-round ratios: less sensitive to load changing during the run',
      },
      {
        section: SECTION,
        metric: 'CPU per walk, client / plain',
        value: `${median(clientCpuMs).toFixed(1)} / ${median(plainCpuMs).toFixed(1)} ms`,
        note: 'medians of this process\'s user+system CPU (the gateway runs in a child process)',
      },
      { section: SECTION, metric: 'requests (at gateway)', value: String(requests), note: `timed walks; expected ${2 * ROUNDS * perWalk} (${perWalk} per walk)` },
      { section: SECTION, metric: 'heap growth', value: `${((heapAfter - heapBefore) / 1024 / 1024).toFixed(2)} MiB`, note: `heapUsed after vs before the timed walks, ${gc.how}` },
    ];
  } finally {
    await client.close();
    agent.destroy();
    await gateway.stop();
  }
}

/** The same requests with node:http only: keep-alive agent, read the body, JSON.parse, follow nextCursor. */
async function plainWalk(agent: http.Agent, baseUrl: string, apiKey: string): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (;;) {
    const url = `${baseUrl}/v0/page_groups?limit=${LIMIT}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = (await getJson(agent, url, apiKey)) as { hasMore: boolean; items: unknown[]; nextCursor?: string };
    count += page.items.length;
    if (!page.hasMore || page.nextCursor === undefined) {
      return count;
    }
    cursor = page.nextCursor;
  }
}

function getJson(agent: http.Agent, url: string, apiKey: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { accept: 'application/json', 'x-api-key': apiKey } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) {
          reject(new Error(`HTTP ${res.statusCode}`));
          return;
        }
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error: unknown) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function check(count: number): void {
  if (count !== PAGE_GROUPS) {
    throw new Error(`walked ${count} page groups, expected ${PAGE_GROUPS}`);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function spread(values: readonly number[]): string {
  return `min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} ms`;
}

/** A forced GC: `global.gc` under --expose-gc, else the same function obtained by setting the V8 flag at run time. */
function forcedGc(): { readonly collect: () => void; readonly how: string } {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') {
    return { collect: () => exposed(), how: 'after a forced GC (--expose-gc)' };
  }
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') {
      return { collect: () => (gc as () => void)(), how: 'after a forced GC (V8 flag set at run time)' };
    }
  } catch {
    // fall through
  }
  return { collect: () => undefined, how: 'no forced GC available: indicative only' };
}

/** The sample gateway in a child process, driven over IPC. */
class GatewayProcess {
  private constructor(
    private readonly child: ChildProcess,
    public readonly url: string,
    public readonly apiKey: string,
  ) {}

  public static start(): Promise<GatewayProcess> {
    const child = fork(__filename, ['gateway'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the gateway process exited (${String(code)})`)));
      child.once('message', (message: FromGateway) => {
        if (message.type === 'ready') {
          resolve(new GatewayProcess(child, message.url, message.apiKey));
        }
      });
    });
  }

  public async count(): Promise<number> {
    const reply = await this.ask({ type: 'count' });
    return reply.type === 'count' ? reply.count : -1;
  }

  public async reset(): Promise<void> {
    await this.ask({ type: 'reset' });
  }

  public stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' } satisfies ToGateway);
    });
  }

  private ask(message: ToGateway): Promise<FromGateway> {
    return new Promise((resolve) => {
      this.child.once('message', (reply: FromGateway) => resolve(reply));
      this.child.send(message);
    });
  }
}

async function runGatewayChild(): Promise<void> {
  const gateway: SampleGateway = await startSampleGateway({
    dataset: generateDataset({ pageGroupCount: PAGE_GROUPS, statusWeights: { published: 1 }, withoutStatusCount: 0 }),
  });
  const send = (message: FromGateway): void => {
    process.send?.(message);
  };
  process.on('message', (message: ToGateway) => {
    if (message.type === 'count') {
      send({ type: 'count', count: gateway.countRequests({ path: 'page_groups' }) });
    } else if (message.type === 'reset') {
      gateway.resetRequests();
      send({ type: 'reset' });
    } else {
      void gateway.close().then(() => process.exit(0));
    }
  });
  send({ type: 'ready', url: gateway.url, apiKey: gateway.apiKey });
}

if (require.main === module && process.argv[2] === 'gateway') {
  runGatewayChild().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
