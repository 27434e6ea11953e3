/**
 * What the extension-host benchmark runner (test/bench/host/index.ts, inside code-server) and its Node-side driver
 * (test/bench/hostDriver.ts) agree on: environment variables in, one JSON file out. No `vscode` import here.
 */

/** Env: the file the runner writes its measurements to (JSON, HostBenchResults). */
export const ENV_RESULTS_FILE = 'PGE_BENCH_RESULTS_FILE';
/** Env: the sample gateway's URL (its /__control/requests endpoint is used to count and time requests). */
export const ENV_GATEWAY_URL = 'PGE_BENCH_GATEWAY_URL';
/** Env: the sample gateway's API key (a fixed sample key, not a secret). */
export const ENV_GATEWAY_KEY = 'PGE_BENCH_GATEWAY_KEY';
/** Env: when set, a folder where the runner writes a V8 CPU profile of the extension host around activation. */
export const ENV_PROFILE_DIR = 'PGE_BENCH_PROFILE_DIR';
/** Env: when set, the runner only times activate() of this extension (an empty control extension) and ends. */
export const ENV_CONTROL_ID = 'PGE_BENCH_CONTROL_ID';
/** Env: prefixed to the runner's console lines so the driver can pick them out of the workbench log. */
export const ENV_LOG_MARKER = 'PGE_BENCH_LOG_MARKER';
/** Env: page groups in the large status of the gateway's data set (the Load All group); default 10,000. */
export const ENV_LARGE_COUNT = 'PGE_BENCH_LARGE_COUNT';

/** The user actions whose request counts are measured, in the order, with their targets. */
export const ACTIONS = [
  { id: 'openView', label: 'open the Page Groups view', how: 'getChildren(root)', target: 1 },
  { id: 'expandStatus', label: 'expand a status', how: 'getChildren(status)', target: 1 },
  { id: 'loadMore', label: '"Load more…"', how: 'pageGateway.loadMore(row)', target: 1 },
  { id: 'doubleLoadMore', label: 'double-click "Load more…"', how: '2× pageGateway.loadMore(row), concurrent', target: 1 },
  { id: 'openJson', label: 'open an item as JSON', how: 'pageGateway.openJson(row)', target: 0 },
  { id: 'copyId', label: 'copy an id', how: 'pageGateway.copyId(row)', target: 0 },
  { id: 'refreshStatus', label: 'refresh one status', how: 'pageGateway.refresh(status) + getChildren(status)', target: 1 },
] as const;

export type ActionId = (typeof ACTIONS)[number]['id'];

/** Where "activate() seen from the host" goes, from module-load timestamps taken in the host. */
export interface ActivationPhases {
  /** From the runner's activate() call until the host starts loading dist/extension.js. */
  readonly beforeLoadMs: number;
  /** require() of dist/extension.js. */
  readonly bundleLoadMs: number;
  /** From the end of the load until activate() resolved in the runner (ExtensionContext, activate() itself). */
  readonly afterLoadMs: number;
}

export interface ActivationFigures {
  /** `activationMs` of the extension's test API: performance.now() from its module body to the end of activate(). */
  readonly apiMs: number;
  /** The figure in the extension's log line "… activated in X ms" (undefined when the line is missing). */
  readonly logMs: number | undefined;
  readonly logLine: string | undefined;
  /** Around `extension.activate()` as seen by the runner: loading the bundle + activate() + the host's bookkeeping. */
  readonly outsideMs: number;
  /** False when something had activated the extension before the runner asked for it. */
  readonly firstInHost: boolean;
  /** Other extensions active in the host (the runner waits until none has activated for 1.5 s). */
  readonly othersActive: number;
  readonly phases?: ActivationPhases;
  /** Requests the gateway received from activation until the key was set and the connection was ready (view not shown). */
  readonly requestsBeforeView: number;
  /** Gateways configured when the extension activated. */
  readonly gatewaysAtActivation: number;
}

/** Two more gateways configured at activation (never contacted: no view is shown while they are configured). */
export const BENCH_EXTRA_GATEWAYS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { name: 'staging', baseUrl: 'https://staging.gateway.invalid', color: 'charts.yellow' },
  { name: 'production', baseUrl: 'https://production.gateway.invalid/v-prefix', color: 'charts.red' },
];

/** What one step cost the extension host: wall time and the process's CPU time (user + system). */
export interface StepCost {
  readonly ms: number;
  readonly cpuMs: number;
}

export interface LoadAllFigures {
  readonly items: number;
  readonly requests: number;
  readonly limits: readonly string[];
  /** Command start to the command's promise resolving. */
  readonly wallMs: number;
  /** Sum of the gateway's own time per request. */
  readonly floorMs: number;
}

export interface HiddenLoadAllFigures extends LoadAllFigures {
  readonly heapBefore: number;
  readonly heapAfter: number;
  /** How the heap was measured (forced GC or not). */
  readonly gc: string;
  /** The same walk through the extension's connection alone (no chain, tree, command, progress), after the Load All. */
  readonly connectionWalkMs: number;
  /**
   * Rounds of the floor and Load All, one right after the other: the same walk with node:http in the extension host
   * (keep-alive agent, JSON.parse of each page, no checks), first with Node's own `get` (which the host keeps before
   * patching `http` for its proxy support), then with `http.get` as the host hands it to code (patched: what the
   * extension's own requests go through); then Load All again from an empty group, and then once more after a refresh of the whole group (`afterRefresh`); each step from a collected heap.
   */
  readonly pairs: ReadonlyArray<{ readonly node: StepCost; readonly host: StepCost; readonly loadAll: StepCost; readonly afterRefresh: StepCost }>;
  /** The first Load All (its wall time is `wallMs`), and the connection walk's second round. */
  readonly cost: StepCost;
  readonly connectionWalk: StepCost;
  /** Whether the host had patched `http.get` (VS Code's proxy support), so that the two plain walks differ. */
  readonly httpPatched: boolean;
}

/** Search Page Groups (issue 10) with the large data set. */
export interface SearchFigures {
  /** Page groups in the whole data set (the unfiltered list the scan walks). */
  readonly total: number;
  /**
   * Rounds of Load All of the large status and of scanPageGroups over the gateway's model (to the end of the
   * unfiltered list), each from an empty model, one right after the other, in turn first (view closed, no rows built).
   */
  readonly pairs: ReadonlyArray<{ readonly loadAll: StepCost; readonly scan: StepCost }>;
  readonly loadAllRequests: number;
  readonly scanRequests: number;
  /** heapUsed (forced GC) before and after the first round's Load All and scan. */
  readonly loadAllHeapBefore: number;
  readonly loadAllHeapAfter: number;
  readonly scanOutcome: string;
  readonly scanHeapBefore: number;
  readonly scanHeapAfter: number;
  /** Whether the items the scan delivered are the very objects of the tree's model (the unfiltered chain). */
  readonly scanShared: boolean;
  /** The pick's work with everything loaded, done as src/commands/search/searchSession.ts does it (median of the rounds). */
  readonly loaded: number;
  /** allLoaded() and one candidate (normalized haystack) per item: what opening the pick does first. */
  readonly openMs: number;
  /** One matching pass of a typed query over every candidate (what each keystroke does). */
  readonly matchMs: number;
  /** From the start of the open until the first match of the query was found (open + matching up to it). */
  readonly firstMatchMs: number;
  /** The position of the first match among the candidates, and how many matched. */
  readonly firstMatchAt: number;
  readonly matches: number;
  readonly query: string;
  /** `pageGateway.search` with everything loaded: requests sent (expected 0) and the longest event-loop stall. */
  readonly reopenRequests: number;
  readonly reopenStallMs: number;
  /** `pageGateway.search` from an empty model: command start until the unfiltered chain had every page. */
  readonly commandScanMs: number;
  /** The extension host's CPU time meanwhile (a few ms after the last page included). */
  readonly commandScanCpuMs: number;
  readonly commandRequests: number;
  /** heapUsed (forced GC) before the command, while its pick is open after the scan, and after the pick closed. */
  readonly commandHeapBefore: number;
  readonly commandHeapOpen: number;
  readonly commandHeapClosed: number;
}

export interface VisibleLoadAllFigures extends LoadAllFigures {
  /** From the command's start until the tree had asked for (and got) every row of the large group. */
  readonly renderedMs: number | undefined;
  /** Times the editor asked for the big group's children during the Load All. */
  readonly treeFetches: number;
  /** Rows the editor asked getTreeItem for during the Load All. */
  readonly treeItems: number;
  /** Time spent inside getChildren + getTreeItem for those calls. */
  readonly providerMs: number;
  /** Rounds of the plain walk and, right after it, Load All from the group's first page, the view open. */
  readonly pairs?: readonly VisiblePair[];
}

export interface VisiblePair {
  /** The plain node:http walk of the group (http.get as the host hands it to code). */
  readonly plainMs: number;
  /** Load All with the view open and the group expanded. */
  readonly wallMs: number;
  /** The extension host's CPU time (user and system) over the plain walk: its process, every thread. */
  readonly plainCpuMs?: number;
  /** The same over the Load All. */
  readonly cpuMs?: number;
  /** How often the editor read the group's rows while the Load All ran (each read: every row the tree draws). */
  readonly readsWhileLoading?: number;
  /** Until the editor had read every row the tree draws, from the command's start. */
  readonly renderedMs: number | undefined;
}

export interface RerenderSample {
  /** getChildren(status) only. */
  readonly childrenMs: number;
  /** getChildren(status) + getTreeItem of every child. */
  readonly fullMs: number;
  readonly rows: number;
}

export interface RerenderFigures {
  readonly large: readonly RerenderSample[];
  readonly small: readonly RerenderSample[];
  /** Whether getChildren of the big group returned the very same node objects as before the refresh (rows cache hit). */
  readonly largeCached: boolean;
  /** What the provider's onDidChangeTreeData named while another group was refreshed ('root', or a status). */
  readonly changeEvents: readonly string[];
}

export interface ControlFigures {
  /** activate() of the empty control extension, seen from the host (same way as ActivationFigures.outsideMs). */
  readonly outsideMs: number;
  readonly firstInHost: boolean;
}

/** The root of a gateway whose 10,000 page groups bring 10,000 distinct statuses (host/statusRows.ts); per round. */
export interface StatusRowFigures {
  readonly statuses: number;
  /** Root rows shown (the status rows the tree caps, its "more statuses" row, and any other row). */
  readonly rows: number;
  /** The last page (100 new statuses) landing, then the root rendered. */
  readonly lastPageAndRenderMs: readonly number[];
  /** getChildren of the root + getTreeItem of every row, as shown. */
  readonly cappedRenderMs: readonly number[];
  /** getTreeItem of every one of the 10,000 status rows: the render before the cap. */
  readonly allRowsRenderMs: readonly number[];
}

export interface HostBenchResults {
  readonly vscodeVersion: string;
  readonly control?: ControlFigures;
  readonly nodeVersion: string;
  readonly extensionPath: string;
  readonly activation?: ActivationFigures;
  readonly requests?: Readonly<Partial<Record<ActionId, number>>>;
  readonly loadAllHidden?: HiddenLoadAllFigures;
  readonly rerender?: RerenderFigures;
  readonly loadAllVisible?: VisibleLoadAllFigures;
  /** The same with `pageGateway.maxTreeRows` at 1,000,000: the tree draws every row (as before the setting). */
  readonly loadAllVisibleEveryRow?: VisibleLoadAllFigures;
  readonly search?: SearchFigures;
  readonly statusRows?: StatusRowFigures;
  /** Page groups in the large status of this session's data set. */
  readonly largeCount?: number;
  /** Set when a step failed; the figures before it are kept. */
  readonly error?: string;
}
