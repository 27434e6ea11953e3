/**
 * Large lists: "Load All" of one status holding the large list (10,000 page groups by default; limit=100), its wall
 * time against the gateway's own time and against a plain node:http walk in the same host (the floors), the heap it
 * keeps, re-rendering it after another group is refreshed, and the same Load All with the view open and the group
 * expanded (the editor then re-reads the group while pages arrive).
 */
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { listPageGroups } from '../../../src/features/pageGroups/model/pageGroupsList';
import type { PageGroupsNode, StatusNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import type { RecordedRequest } from '../../gateway/server';
import type { HiddenLoadAllFigures, RerenderFigures, RerenderSample, VisibleLoadAllFigures, VisiblePair } from '../hostProtocol';
import { ENV_LOG_MARKER, ENV_PROFILE_DIR } from '../hostProtocol';
import { cpuMarkLine } from '../processCpu';
import { profiled } from './cpuProfile';
import { forcedGc, settledHeap } from './forcedGc';
import type { GatewayControl } from './gatewayControl';
import { onlyGateway } from './onlyGateway';
import { costOf, type Cost } from './cost';
import { httpGets, plainAgent, timedPlainWalk } from './plainWalk';
import { sleep, until } from './steps';

/** With PGE_BENCH_HEAP_SNAPSHOTS=<folder>: a V8 heap snapshot there (before and after the first Load All). */
function heapSnapshot(name: string): void {
  const folder = process.env.PGE_BENCH_HEAP_SNAPSHOTS;
  if (folder !== undefined && folder !== '') {
    v8.writeHeapSnapshot(path.join(folder, `loadAll-${name}-${process.pid}.heapsnapshot`));
  }
}

/** Rounds of (plain walks, Load All again) compared with each other. */
/** Rounds of each paired figure; PGE_BENCH_ROUNDS sets another number, to tell two builds apart in one session. */
const PAIRED_ROUNDS = Number(process.env.PGE_BENCH_ROUNDS ?? '') > 0 ? Number(process.env.PGE_BENCH_ROUNDS) : 3;

function floorOf(requests: readonly RecordedRequest[]): number {
  return requests.reduce((sum, request) => sum + request.durationMs, 0);
}

function pageGroupCount(rows: readonly PageGroupsNode[]): number {
  return rows.reduce((count, row) => count + (row.kind === 'pageGroup' ? 1 : 0), 0);
}

async function statusNodeOf(api: PageGatewayTestApi, status: string): Promise<StatusNode> {
  const root = await api.pageGroups.getChildren();
  const node = root.find((row): row is StatusNode => row.kind === 'status' && row.key === status);
  if (!node) {
    throw new Error(`no "${status}" row in the Page Groups view`);
  }
  return node;
}

/** Checks that Load All loaded the whole status, and what every Load All figure has in common. */
function loadAllSummary(api: PageGatewayTestApi, status: string, expected: number, requests: readonly RecordedRequest[], wallMs: number) {
  checkLoaded(api, status, expected, requests);
  return {
    items: expected,
    requests: requests.length,
    limits: [...new Set(requests.map((request) => request.query.limit ?? '(none)'))],
    wallMs,
    floorMs: floorOf(requests),
  };
}

function checkLoaded(api: PageGatewayTestApi, status: string, expected: number, requests: readonly RecordedRequest[]): void {
  const loaded = api.pageGroups.model(onlyGateway(api)).itemsOf(status).length;
  const chain = api.pageGroups.model(onlyGateway(api)).chain(status);
  if (loaded !== expected || chain.hasMore || chain.error) {
    throw new Error(`Load All of "${status}" ended with ${loaded} of ${expected} page groups after ${requests.length} requests${chain.error ? `: ${chain.error.message}` : ''}`);
  }
}

/** Where the plain node:http walks go: the sample gateway's URL and key. */
export interface PlainWalkTarget {
  readonly baseUrl: string;
  readonly apiKey: string;
}

/**
 * Load All with the view closed: the extension's own cost, and what it keeps on the heap. Then the same walk through
 * the extension's connection alone, and with node:http alone (the floor).
 */
export async function loadAllHidden(
  api: PageGatewayTestApi,
  gateway: GatewayControl,
  status: string,
  expected: number,
  plain: PlainWalkTarget,
): Promise<HiddenLoadAllFigures> {
  if (api.pageGroupsView.visible) {
    throw new Error('the Page Groups view is open: the editor would add its own reads');
  }
  api.pageGroups.reload(onlyGateway(api));
  const node = await statusNodeOf(api, status);
  const gc = forcedGc();
  const heapBefore = settledHeap(gc);
  heapSnapshot('before');
  await gateway.reset();
  const first = await costOf(() => profiled(process.env[ENV_PROFILE_DIR], `loadAll-${process.pid}`, () => Promise.resolve(vscode.commands.executeCommand('pageGateway.loadAll', node))));
  const wallMs = first.cost.ms;
  const summary = loadAllSummary(api, status, expected, await gateway.requests(), wallMs);
  // The rows the tree would show are part of what Load All keeps (the provider caches them per chain version).
  await api.pageGroups.getChildren(node);
  const heapAfter = settledHeap(gc);
  heapSnapshot('after');
  const profileDir = process.env[ENV_PROFILE_DIR];
  const connection = await profiled(profileDir, `connectionWalk-${process.pid}`, () => connectionWalk(api, status, expected));
  const gets = httpGets();
  const agent = plainAgent();
  const pairs: Array<{ readonly node: Cost; readonly host: Cost; readonly loadAll: Cost; readonly afterRefresh: Cost }> = [];
  try {
    // The floor: warm-up walks, then rounds of the plain walk (with Node's own http.get, then with http.get as the host
    // hands it to code) and, right after them, Load All again from page 1 (its code now as warm): on a shared machine,
    // figures taken seconds apart differ more than those of a round.
    await timedPlainWalk(gets.node, agent, plain, status, expected);
    if (gets.patched) {
      await timedPlainWalk(gets.host, agent, plain, status, expected);
    }
    // Each round starts with the group empty, and each timed step from a collected heap: no step pays for collecting
    // what an earlier one left (Load All would otherwise collect the previous round's 100,000 page groups).
    const loadAll = (): Promise<unknown> => Promise.resolve(vscode.commands.executeCommand('pageGateway.loadAll', node));
    for (let round = 0; round < PAIRED_ROUNDS; round++) {
      const roundProfiles = round === 0 ? profileDir : undefined;
      api.pageGroups.model(onlyGateway(api)).resetGroup(status);
      gc.collect();
      const nodeWalk = await costOf(() => profiled(roundProfiles, `plainWalk-${process.pid}`, () => timedPlainWalk(gets.node, agent, plain, status, expected)));
      gc.collect();
      cpuMark('plain walk, view closed', 'start');
      const hostWalk = gets.patched ? await costOf(() => profiled(roundProfiles, `plainWalkHost-${process.pid}`, () => timedPlainWalk(gets.host, agent, plain, status, expected))) : nodeWalk;
      cpuMark('plain walk, view closed', 'end');
      gc.collect();
      await gateway.reset();
      cpuMark('Load All, view closed', 'start');
      const again = await costOf(() => profiled(roundProfiles, `loadAllWarm-${process.pid}`, loadAll));
      cpuMark('Load All, view closed', 'end');
      checkLoaded(api, status, expected, await gateway.requests());
      // The same from a refresh of the full group (the Refresh command: the rows stay until the first page replaces them).
      api.pageGroups.reload(onlyGateway(api), status);
      gc.collect();
      await gateway.reset();
      const refreshed = await costOf(loadAll);
      checkLoaded(api, status, expected, await gateway.requests());
      pairs.push({ node: nodeWalk.cost, host: hostWalk.cost, loadAll: again.cost, afterRefresh: refreshed.cost });
    }
  } finally {
    agent.destroy();
  }
  return {
    ...summary,
    heapBefore,
    heapAfter,
    gc: gc.how,
    cost: first.cost,
    connectionWalkMs: connection.ms,
    connectionWalk: connection,
    pairs,
    httpPatched: gets.patched,
  };
}

/**
 * The same walk (limit=100, following nextCursor) through the extension's connection alone: its GatewayClient on the
 * editor's http, with its log channel, but no chain, tree, command or progress. Run twice; the second is kept.
 */
async function connectionWalk(api: PageGatewayTestApi, status: string, expected: number): Promise<Cost> {
  const controller = new AbortController();
  const walk = async (): Promise<number> => {
    let count = 0;
    let cursor: string | undefined;
    for (;;) {
      const page = await onlyGateway(api).connection.withClient((client) => listPageGroups(client, { status, limit: 100, ...(cursor === undefined ? {} : { cursor }) }, controller.signal));
      count += page.items.length;
      if (!page.hasMore || page.nextCursor === undefined) {
        return count;
      }
      cursor = page.nextCursor;
    }
  };
  let cost: Cost | undefined;
  for (let round = 0; round < 2; round++) {
    const measured = await costOf(walk);
    if (measured.value !== expected) {
      throw new Error(`the connection walk of "${status}" returned ${measured.value} page groups, expected ${expected}`);
    }
    cost = measured.cost;
  }
  return cost as Cost;
}

async function renderGroup(api: PageGatewayTestApi, node: StatusNode): Promise<{ sample: RerenderSample; rows: PageGroupsNode[] }> {
  const started = performance.now();
  const rows = await api.pageGroups.getChildren(node);
  const childrenMs = performance.now() - started;
  for (const row of rows) {
    await api.pageGroups.getTreeItem(row);
  }
  const fullMs = performance.now() - started;
  return { sample: { childrenMs, fullMs, rows: rows.length }, rows };
}

/**
 * After the big group is loaded: refresh another group (command, then its reload), then time getChildren + getTreeItem
 * of every child of the big group and of a small one. The first round warms up and is not kept.
 */
/** Longer than the interval at which the Page Groups provider passes a stream of changes on (100 ms). */
const CHANGE_SETTLE_MS = 150;

export async function rerenderAfterRefresh(
  api: PageGatewayTestApi,
  large: string,
  small: string,
  other: string,
  rounds: number,
): Promise<RerenderFigures> {
  const largeNode = await statusNodeOf(api, large);
  const smallNode = await statusNodeOf(api, small);
  const otherNode = await statusNodeOf(api, other);
  await api.pageGroups.getChildren(smallNode);
  await api.pageGroups.getChildren(otherNode);
  let previous = (await renderGroup(api, largeNode)).rows;
  const events = new Set<string>();
  const largeSamples: RerenderSample[] = [];
  const smallSamples: RerenderSample[] = [];
  let cached = true;
  for (let round = 0; round <= rounds; round++) {
    // The provider passes a group's changes on at most every 100 ms while they stream in: the changes of the steps
    // before reach the tree before listening starts, and the refresh's own last change before it ends.
    await sleep(CHANGE_SETTLE_MS);
    const subscription = api.pageGroups.onDidChangeTreeData((node) => events.add(node === undefined ? 'root' : node.kind === 'status' ? node.key : node.kind));
    await vscode.commands.executeCommand('pageGateway.refresh', otherNode);
    await api.pageGroups.getChildren(otherNode);
    await sleep(CHANGE_SETTLE_MS);
    subscription.dispose();
    const largeRender = await renderGroup(api, largeNode);
    const smallRender = await renderGroup(api, smallNode);
    cached &&= largeRender.rows.length === previous.length && largeRender.rows.every((row, index) => row === previous[index]);
    previous = largeRender.rows;
    if (round > 0) {
      largeSamples.push(largeRender.sample);
      smallSamples.push(smallRender.sample);
    }
  }
  if (pageGroupCount(previous) === 0) {
    throw new Error(`"${large}" shows no page groups`);
  }
  return { large: largeSamples, small: smallSamples, largeCached: cached, changeEvents: [...events].sort() };
}

/** The provider's tree calls from the editor, timed (the editor calls the provider object's methods). */
class TreeCallRecorder {
  public fetches = 0;
  public items = 0;
  public providerMs = 0;
  public rootFetched = false;
  public largestRows = 0;
  /** What the last read of the group returned (row kinds), for error messages. */
  public lastRead = 'nothing';
  public renderedAt: number | undefined;
  private pendingItems = 0;
  private readonly restore: () => void;

  public constructor(
    api: PageGatewayTestApi,
    private readonly status: string,
    private readonly complete: number,
  ) {
    const provider = api.pageGroups;
    const getChildren = provider.getChildren.bind(provider);
    const getTreeItem = provider.getTreeItem.bind(provider);
    provider.getChildren = async (node?: PageGroupsNode): Promise<PageGroupsNode[]> => {
      const started = performance.now();
      const rows = await getChildren(node);
      this.providerMs += performance.now() - started;
      if (node === undefined) {
        this.rootFetched = true;
      } else if (node.kind === 'status' && node.key === this.status) {
        this.fetches += 1;
        this.lastRead = `${rows.length} rows (${[...new Set(rows.map((row) => row.kind))].join(', ')})`;
        const count = pageGroupCount(rows);
        this.largestRows = Math.max(this.largestRows, count);
        this.pendingItems = count >= this.complete && this.renderedAt === undefined ? count : 0;
      }
      return rows;
    };
    provider.getTreeItem = (node: PageGroupsNode): vscode.TreeItem | Thenable<vscode.TreeItem> => {
      const started = performance.now();
      const item = getTreeItem(node);
      this.providerMs += performance.now() - started;
      if (node.kind === 'pageGroup' && node.key === this.status) {
        this.items += 1;
        if (this.pendingItems > 0) {
          this.pendingItems -= 1;
          if (this.pendingItems === 0) {
            this.renderedAt = performance.now();
          }
        }
      }
      return item;
    };
    this.restore = () => {
      provider.getChildren = getChildren;
      provider.getTreeItem = getTreeItem;
    };
  }

  public reset(): void {
    this.fetches = 0;
    this.items = 0;
    this.providerMs = 0;
    this.largestRows = 0;
    this.renderedAt = undefined;
    this.pendingItems = 0;
  }

  public dispose(): void {
    this.restore();
  }
}

/** Load All as the user sees it: the view open, the group expanded, the editor re-reading it while pages arrive. */
export async function loadAllVisible(api: PageGatewayTestApi, gateway: GatewayControl, status: string, expected: number, plain: PlainWalkTarget): Promise<VisibleLoadAllFigures> {
  // The tree draws at most `pageGateway.maxTreeRows` rows of the group: that many is "every row drawn".
  const drawn = Math.min(expected, vscode.workspace.getConfiguration('pageGateway').get<number>('maxTreeRows', 2000));
  const recorder = new TreeCallRecorder(api, status, drawn);
  try {
    api.pageGroups.reload(onlyGateway(api));
    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    await until(() => recorder.rootFetched && api.pageGroupsView.visible, 'the Page Groups view to open and read its root');
    const node = await statusNodeOf(api, status);
    // The editor may still be reading the root again (the reload above fires a refresh): a reveal that arrives while
    // the node is not in its tree does nothing, so reveal again until the editor reads the group.
    const revealing = Date.now();
    while (recorder.largestRows === 0) {
      await api.pageGroupsView.reveal(node, { expand: true, select: false, focus: false });
      await until(() => recorder.largestRows > 0, `the editor to read the first page of "${status}"`, 3000).catch((error: unknown) => {
        if (Date.now() - revealing < 30_000) {
          return;
        }
        const chain = api.pageGroups.model(onlyGateway(api)).chain(status);
        const state = `${recorder.fetches} reads of the group, the last: ${recorder.lastRead}; chain: ${chain.items.length} items, ${chain.pages} pages, loading ${String(chain.loading)}${chain.error ? `, error ${chain.error.message}` : ''}`;
        throw new Error(`${error instanceof Error ? error.message : String(error)} (${state})`);
      });
    }
    await sleep(500);
    await gateway.reset();
    recorder.reset();
    const started = performance.now();
    await vscode.commands.executeCommand('pageGateway.loadAll', node);
    const wallMs = performance.now() - started;
    const summary = loadAllSummary(api, status, expected, await gateway.requests(), wallMs);
    await until(() => recorder.renderedAt !== undefined, `the editor to read all ${expected} rows of "${status}"`, 60_000).catch(() => undefined);
    await sleep(500);
    const figures = {
      ...summary,
      renderedMs: recorder.renderedAt === undefined ? undefined : recorder.renderedAt - started,
      treeFetches: recorder.fetches,
      treeItems: recorder.items,
      providerMs: recorder.providerMs,
    };
    return { ...figures, pairs: await visiblePairs(api, gateway, node, status, expected, plain, recorder) };
  } finally {
    recorder.dispose();
  }
}

/**
 * Rounds of the plain walk, then right after it Load All with the view open and the group expanded, from the group's
 * first page (a Refresh of the group, which the editor reads again). On a shared machine figures taken a minute apart
 * differ more than those of one round, so the target is on the ratio of each round.
 */
async function visiblePairs(
  api: PageGatewayTestApi,
  gateway: GatewayControl,
  node: StatusNode,
  status: string,
  expected: number,
  plain: PlainWalkTarget,
  recorder: TreeCallRecorder,
): Promise<VisiblePair[]> {
  const gets = httpGets();
  const agent = plainAgent();
  const gc = forcedGc();
  const pairs: VisiblePair[] = [];
  try {
    for (let round = 0; round < PAIRED_ROUNDS; round++) {
      recorder.reset();
      await vscode.commands.executeCommand('pageGateway.refresh', node);
      await until(() => recorder.largestRows > 0 && !api.pageGroups.model(onlyGateway(api)).chain(status).loading, `the editor to read the first page of "${status}" again`, 30_000);
      await sleep(300);
      gc.collect();
      // With PGE_BENCH_PROFILE the first round's plain walk is profiled too: the Load All's profile less this one is
      // what the extension adds.
      cpuMark('plain walk, view open', 'start');
      const plainCpu = process.cpuUsage();
      const plainMs = await profiled(round === 0 ? process.env[ENV_PROFILE_DIR] : undefined, `plainWalkVisible-${process.pid}`, () => timedPlainWalk(gets.host, agent, plain, status, expected));
      const plainCpuMs = cpuMsSince(plainCpu);
      cpuMark('plain walk, view open', 'end');
      gc.collect();
      await gateway.reset();
      recorder.reset();
      cpuMark('Load All, view open and expanded', 'start');
      const loadCpu = process.cpuUsage();
      const started = performance.now();
      await profiled(round === 0 ? process.env[ENV_PROFILE_DIR] : undefined, `loadAllVisible-${process.pid}`, () => Promise.resolve(vscode.commands.executeCommand('pageGateway.loadAll', node)));
      const wallMs = performance.now() - started;
      const cpuMs = cpuMsSince(loadCpu);
      const readsWhileLoading = recorder.fetches;
      cpuMark('Load All, view open and expanded', 'end');
      checkLoaded(api, status, expected, await gateway.requests());
      await until(() => recorder.renderedAt !== undefined, `the editor to read all rows of "${status}"`, 60_000).catch(() => undefined);
      pairs.push({ plainMs, wallMs, plainCpuMs, cpuMs, readsWhileLoading, renderedMs: recorder.renderedAt === undefined ? undefined : recorder.renderedAt - started });
    }
  } finally {
    agent.destroy();
  }
  return pairs;
}

/** The extension host's CPU time (user and system, ms) since `start` (process.cpuUsage()). */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Marks a step's start or end for the per-process CPU of PGE_BENCH_PROCESS_CPU=1 (processCpu.ts). */
function cpuMark(step: string, edge: 'start' | 'end'): void {
  const line = cpuMarkLine(step, edge);
  if (line !== undefined) {
    console.log(`${process.env[ENV_LOG_MARKER] ?? ''}${line}`);
  }
}
