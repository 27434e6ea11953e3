/**
 * Search Page Groups (issue 10) with the large data set, the view closed:
 * - the scan: `scanPageGroups` (src/views/pageGroups/pageGroupScan.ts) on the gateway's model from an empty model to
 *   the end of the unfiltered list, timed and with the heap before and after, right after a Load All of the large
 *   status measured the same way (the pages land in the tree's model: nothing is copied, so the scan keeps what Load
 *   All of the same items keeps);
 * - the pick's work with everything loaded, done as src/commands/search/searchSession.ts does it
 *   (allLoaded(), each page group once per id, then a matching pass per keystroke, field by field), with the
 *   matching module itself;
 * - `pageGateway.search` itself: opened again with everything loaded (requests sent, longest event-loop stall of the
 *   extension host), and from an empty model (command start until the unfiltered chain has every page; the heap while
 *   its pick holds the candidates and after it closed).
 */
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../src/api/model';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsModel } from '../../../src/features/pageGroups/model/pageGroupsModel';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import { scanPageGroups } from '../../../src/features/pageGroups/model/pageGroupScan';
import { firstOfId } from '../../../src/model/searchCandidate';
import { pageGroupMatcher } from '../../../src/features/pageGroups/model/pageGroupMatch';
import { prepareQuery } from '../../../src/model/textMatch';
import { ENV_PROFILE_DIR, type SearchFigures } from '../hostProtocol';
import { costOf, type Cost } from './cost';
import { profiled } from './cpuProfile';
import { forcedGc, settledHeap, steadyHeap } from './forcedGc';
import type { GatewayControl } from './gatewayControl';
import { onlyGateway } from './onlyGateway';
import { sleep, until } from './steps';

const PICK_ROUNDS = 3;
/** Rounds of (Load All, scan), each from an empty model, compared with each other. */
const PAIRED_ROUNDS = 3;

/** What SearchSession keeps of the loaded page groups (src/commands/search/searchSession.ts): each once per id. */
function candidatesOf(items: readonly CheckedPageGroup[]): CheckedPageGroup[] {
  const seen = new Set<string>();
  const candidates: CheckedPageGroup[] = [];
  for (const item of items) {
    if (firstOfId(item.value.pageGroupId, seen)) {
      candidates.push(item);
    }
  }
  return candidates;
}

interface PickRound {
  readonly openMs: number;
  readonly matchMs: number;
  readonly firstMatchMs: number;
  readonly firstMatchAt: number;
  readonly matches: number;
  readonly loaded: number;
}

/**
 * The pick opened over everything loaded, then a query typed: SearchSession's constructor work (allLoaded + add) and
 * one render pass (every candidate tested before the pick gets its items). `firstMatchMs` runs from the open until
 * the pass that holds the first match ended: that is when the pick receives it.
 */
function pickRound(model: PageGroupsModel, typed: string): PickRound {
  const started = performance.now();
  const candidates = candidatesOf(model.allLoaded());
  const opened = performance.now();
  const isMatch = pageGroupMatcher(prepareQuery(typed));
  const matched: number[] = [];
  let firstMatchAt = -1;
  for (let index = 0; index < candidates.length; index++) {
    if (isMatch((candidates[index] as CheckedPageGroup).value)) {
      if (firstMatchAt < 0) {
        firstMatchAt = index;
      }
      matched.push(index);
    }
  }
  const ended = performance.now();
  return {
    openMs: opened - started,
    matchMs: ended - opened,
    firstMatchMs: ended - started,
    firstMatchAt,
    matches: matched.length,
    loaded: candidates.length,
  };
}

/** The longest gap between timer ticks while `action` runs and for `ms` after: how long the host's thread was blocked. */
async function longestStall(ms: number, action: () => void): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) {
      setTimeout(tick, 1);
    }
  };
  setTimeout(tick, 1);
  action();
  await sleep(ms);
  running = false;
  return longest;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs `action`, then waits until the editor read the root of the Page Groups tree (at most 30 s). */
async function treeReadAfter(api: PageGatewayTestApi, action: () => void): Promise<void> {
  const provider = api.pageGroups;
  const getChildren = provider.getChildren.bind(provider);
  let read = false;
  provider.getChildren = (node?: PageGroupsNode): Promise<PageGroupsNode[]> => {
    read ||= node === undefined;
    return getChildren(node);
  };
  try {
    action();
    await until(() => read, 'the editor to read the Page Groups tree again');
  } finally {
    provider.getChildren = getChildren;
  }
}

async function closePick(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await sleep(200);
}

export async function searchLarge(api: PageGatewayTestApi, gateway: GatewayControl, status: string, largeCount: number, total: number): Promise<SearchFigures> {
  const only = onlyGateway(api);
  const model = api.pageGroups.model(only);
  if (api.pageGroupsView.visible) {
    // The editor's side of the tree holds every row it showed (the Load All before this step: the whole large group)
    // until it reads the tree again; a hidden view is not read, and would release them at some point during the
    // heap figures below. So: empty the model while the view is open and let the editor read it again, then close it.
    await treeReadAfter(api, () => model.resetAll());
    await sleep(1000);
  }
  // As for Load All (view closed): the editor adds no reads of its own.
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  await until(() => !api.pageGroupsView.visible, 'the Page Groups view to close');
  const chain = model.discovery;
  const gc = forcedGc();

  // 1. Rounds of Load All of the large status and of the scan, each from an empty model, one right after the other
  // (on a shared machine, figures taken seconds apart differ more than these two), in turn first (ABA…, the scan last
  // so that everything is loaded afterwards). No rows are built for either. The heap is measured in the first round:
  // the editor's tree still holds the rows it showed until a little after the view closed and the model was reset, so
  // each baseline waits until the heap is steady.
  const statusNode = api.pageGroups.statusNode(only, status);
  const pairs: Array<{ loadAll: Cost; scan: Cost }> = [];
  const heaps = { loadAllBefore: 0, loadAllAfter: 0, scanBefore: 0, scanAfter: 0 };
  let loadAllRequests = 0;
  let scanRequests = 0;
  let scanOutcome = '';
  let scanShared = true;
  const loadAll = async (measureHeap: boolean): Promise<Cost> => {
    model.resetAll();
    if (measureHeap) {
      heaps.loadAllBefore = await steadyHeap(gc);
    }
    await gateway.reset();
    const { cost } = await costOf(() => Promise.resolve(vscode.commands.executeCommand('pageGateway.loadAll', statusNode)));
    loadAllRequests = (await gateway.requests()).length;
    const loaded = model.chain(status).items.length;
    if (loaded !== largeCount) {
      throw new Error(`Load All of "${status}" ended with ${loaded} of ${largeCount} page groups`);
    }
    if (measureHeap) {
      heaps.loadAllAfter = settledHeap(gc);
    }
    return cost;
  };
  const scan = async (measureHeap: boolean): Promise<Cost> => {
    model.resetAll();
    if (measureHeap) {
      heaps.scanBefore = await steadyHeap(gc);
    }
    await gateway.reset();
    const delivered: CheckedPageGroup[] = [];
    const measured = await costOf(() =>
      profiled(measureHeap ? process.env[ENV_PROFILE_DIR] : undefined, `scan-${process.pid}`, () =>
        scanPageGroups(model, new AbortController().signal, (items) => {
          for (const item of items) {
            delivered.push(item);
          }
        }),
      ),
    );
    scanOutcome = measured.value;
    scanRequests = (await gateway.requests()).length;
    if (scanOutcome !== 'complete' || chain.items.length !== total || delivered.length !== total) {
      throw new Error(`the scan ended "${scanOutcome}" with ${chain.items.length} page groups in the model (${delivered.length} delivered), expected ${total}`);
    }
    scanShared &&= delivered.every((item, index) => item === chain.items[index]);
    delivered.length = 0;
    if (measureHeap) {
      heaps.scanAfter = settledHeap(gc);
    }
    return measured.cost;
  };
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    const first = round === 0;
    if (round % 2 === 0) {
      const loadAllCost = await loadAll(first);
      pairs.push({ loadAll: loadAllCost, scan: await scan(first) });
    } else {
      const scanCost = await scan(first);
      pairs.push({ scan: scanCost, loadAll: await loadAll(first) });
    }
  }
  if (PAIRED_ROUNDS % 2 === 0) {
    // The last round ended with Load All: scan again, so that everything is loaded for what follows.
    await scan(false);
  }

  // 2. The pick's work over everything loaded; the query is the last item's name (its only match is the last one).
  const last = chain.items[chain.items.length - 1];
  const query = last?.value.name ?? last?.value.pageGroupId ?? '';
  const rounds: PickRound[] = [];
  for (let round = 0; round <= PICK_ROUNDS; round++) {
    const result = pickRound(model, query);
    if (round > 0) {
      rounds.push(result);
    }
    await sleep(20);
  }
  const pick = (pickValue: (r: PickRound) => number): number => medianOf(rounds.map(pickValue));

  // 3. pageGateway.search with everything loaded: no request, and how long opening it blocks the host.
  await gateway.reset();
  const reopenStallMs = await longestStall(1500, () => void vscode.commands.executeCommand('pageGateway.search'));
  await closePick();
  const reopenRequests = (await gateway.requests()).length;

  // 4. pageGateway.search from an empty model: the scan as the user starts it, with the pick's own work per page.
  model.resetAll();
  const commandHeapBefore = await steadyHeap(gc);
  await gateway.reset();
  let scannedAt: number | undefined;
  const subscription = chain.onDidChange(() => {
    if (scannedAt === undefined && chain.pages > 0 && !chain.hasMore && !chain.loading) {
      scannedAt = performance.now();
    }
  });
  let commandScanMs: number;
  let commandScanCpuMs: number;
  let commandHeapOpen: number;
  try {
    const commandCpu = process.cpuUsage();
    const commandStarted = performance.now();
    await profiled(process.env[ENV_PROFILE_DIR], `search-${process.pid}`, async () => {
      void vscode.commands.executeCommand('pageGateway.search');
      await until(() => scannedAt !== undefined || chain.error !== undefined, 'the search to scan every page', 300_000);
    });
    if (scannedAt === undefined || chain.items.length !== total) {
      throw new Error(`the search's scan stopped with ${chain.items.length} of ${total} page groups${chain.error ? `: ${chain.error.message}` : ''}`);
    }
    commandScanMs = scannedAt - commandStarted;
    const used = process.cpuUsage(commandCpu);
    commandScanCpuMs = (used.user + used.system) / 1000;
    await sleep(300);
    commandHeapOpen = settledHeap(gc);
  } finally {
    subscription.dispose();
    await closePick();
  }
  const commandRequests = (await gateway.requests()).length;
  const commandHeapClosed = settledHeap(gc);

  return {
    total,
    pairs,
    loadAllRequests,
    loadAllHeapBefore: heaps.loadAllBefore,
    loadAllHeapAfter: heaps.loadAllAfter,
    scanRequests,
    scanOutcome,
    scanHeapBefore: heaps.scanBefore,
    scanHeapAfter: heaps.scanAfter,
    scanShared,
    loaded: pick((r) => r.loaded),
    openMs: pick((r) => r.openMs),
    matchMs: pick((r) => r.matchMs),
    firstMatchMs: pick((r) => r.firstMatchMs),
    firstMatchAt: pick((r) => r.firstMatchAt),
    matches: pick((r) => r.matches),
    query,
    reopenRequests,
    reopenStallMs,
    commandScanMs,
    commandScanCpuMs,
    commandRequests,
    commandHeapBefore,
    commandHeapOpen,
    commandHeapClosed,
  };
}
