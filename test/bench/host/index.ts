// The extension-host benchmark runner: code-server loads this file from `extensionTestsPath` inside its extension host
// and awaits `run()` (the @vscode/test-electron contract; no mocha). It measures with the real `vscode` API and the
// real extension against the sample gateway started by the driver (test/bench/hostDriver.ts), and writes every figure
// to the JSON file named by PGE_BENCH_RESULTS_FILE, also when a step fails (then with `error`).
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { storeKey } from '../../host/support';
import { benchDatasetTotal, DEFAULT_LARGE_COUNT, LARGE_STATUS, OTHER_STATUS, SMALL_STATUS } from '../benchDataset';
import { ENV_CONTROL_ID, ENV_GATEWAY_KEY, ENV_GATEWAY_URL, ENV_LARGE_COUNT, ENV_LOG_MARKER, ENV_RESULTS_FILE, type ActionId, type HostBenchResults } from '../hostProtocol';
import { activateControl, activateExtension } from './activation';
import { GatewayControl } from './gatewayControl';
import { loadAllHidden, loadAllVisible, rerenderAfterRefresh } from './largeList';
import { countRequestsPerAction } from './requestCounts';
import { searchLarge } from './search';
import { statusRowsRender } from './statusRows';
import { until, withinTime } from './steps';

const RERENDER_ROUNDS = 5;
/**
 * PGE_BENCH_HOST_STEPS: a comma list of the steps to run after activation (requests, hidden, rerender, visible,
 * everyRow, search, statusRows), to measure one figure again in minutes; unset: every step.
 */
const ENV_STEPS = 'PGE_BENCH_HOST_STEPS';

/** Whether the step named `name` runs (PGE_BENCH_HOST_STEPS). */
function wanted(name: string): boolean {
  const steps = process.env[ENV_STEPS];
  return steps === undefined || steps.trim() === '' || steps.split(',').map((step) => step.trim()).includes(name);
}
/** Time limit of one step at 10,000 page groups; larger lists get proportionally more. */
const STEP_MS = 120_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function say(...args: unknown[]): void {
  const marker = process.env[ENV_LOG_MARKER] ?? '';
  for (const line of format(...args).split('\n')) {
    console.log(`${marker}${line}`);
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: this runner is started by test/bench/hostDriver.ts`);
  }
  return value;
}

export async function run(): Promise<void> {
  const resultsFile = required(ENV_RESULTS_FILE);
  const results: Mutable<HostBenchResults> = { vscodeVersion: vscode.version, nodeVersion: process.version, extensionPath: '' };
  const write = (): void => {
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  };
  const largeCount = Number(process.env[ENV_LARGE_COUNT] ?? DEFAULT_LARGE_COUNT);
  const stepMs = STEP_MS * Math.max(1, Number.isSafeInteger(largeCount) ? largeCount / DEFAULT_LARGE_COUNT : 1);
  const step = async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    say(`[bench host] ${what}…`);
    const started = performance.now();
    const value = await withinTime(action(), stepMs, what);
    say(`[bench host] ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    write();
    return value;
  };
  try {
    const control = process.env[ENV_CONTROL_ID];
    if (control) {
      results.control = await step('activation of the empty control extension', () => activateControl(control));
      say('[bench host] done');
      return;
    }
    if (!Number.isSafeInteger(largeCount) || largeCount < 1) {
      throw new Error(`${ENV_LARGE_COUNT} is not a positive whole number: ${String(process.env[ENV_LARGE_COUNT])}`);
    }
    results.largeCount = largeCount;
    const gatewayUrl = required(ENV_GATEWAY_URL);
    const gateway = new GatewayControl(gatewayUrl);
    await gateway.reset();
    const activated = await step('activation', activateExtension);
    const api = activated.api;
    results.extensionPath = activated.extensionPath;
    const gatewaysAtActivation = api.registry.entries().length;
    // The rest of the benchmark measures one gateway: the other two leave the settings.
    await vscode.workspace.getConfiguration('pageGateway').update('gateways', undefined, vscode.ConfigurationTarget.Global);
    await until(() => api.registry.single() !== undefined, 'the extra gateways to leave the registry');
    await storeKey(api, gatewayUrl, required(ENV_GATEWAY_KEY));
    results.activation = {
      apiMs: api.activationMs,
      logMs: activated.logMs,
      logLine: activated.logLine,
      outsideMs: activated.outsideMs,
      firstInHost: activated.firstInHost,
      othersActive: activated.othersActive,
      ...(activated.phases === undefined ? {} : { phases: activated.phases }),
      requestsBeforeView: (await gateway.requests()).length,
      gatewaysAtActivation,
    };
    write();

    const requests: Partial<Record<ActionId, number>> = {};
    const plain = { baseUrl: gatewayUrl, apiKey: required(ENV_GATEWAY_KEY) };
    if (wanted('requests')) {
      results.requests = requests;
      await step('requests per user action', () =>
        countRequestsPerAction(api, gateway, LARGE_STATUS, (action, count) => {
          requests[action] = count;
        }),
      );
    }
    if (wanted('hidden')) {
      results.loadAllHidden = await step(`Load All of ${largeCount} (view closed)`, () => loadAllHidden(api, gateway, LARGE_STATUS, largeCount, plain));
    }
    if (wanted('rerender')) {
      results.rerender = await step('re-render after refreshing another group', () => rerenderAfterRefresh(api, LARGE_STATUS, SMALL_STATUS, OTHER_STATUS, RERENDER_ROUNDS));
    }
    if (wanted('visible')) {
      results.loadAllVisible = await step(`Load All of ${largeCount} (view open, group expanded)`, () => loadAllVisible(api, gateway, LARGE_STATUS, largeCount, plain));
    }
    if (wanted('everyRow')) {
      await vscode.workspace.getConfiguration('pageGateway').update('maxTreeRows', 1_000_000, vscode.ConfigurationTarget.Global);
      try {
        results.loadAllVisibleEveryRow = await step(`Load All of ${largeCount} (view open, group expanded, every row drawn)`, () => loadAllVisible(api, gateway, LARGE_STATUS, largeCount, plain));
      } finally {
        await vscode.workspace.getConfiguration('pageGateway').update('maxTreeRows', undefined, vscode.ConfigurationTarget.Global);
      }
    }
    if (wanted('search')) {
      results.search = await step(`Search of ${benchDatasetTotal(largeCount)} page groups`, () => searchLarge(api, gateway, LARGE_STATUS, largeCount, benchDatasetTotal(largeCount)));
    }
    if (wanted('statusRows')) {
      results.statusRows = await step('status rows of 10,000 distinct statuses', () => statusRowsRender(api, RERENDER_ROUNDS));
    }
    say('[bench host] done');
  } catch (error: unknown) {
    results.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    say(`[bench host] failed: ${results.error}`);
  } finally {
    write();
  }
  if (results.error !== undefined) {
    throw new Error(results.error);
  }
}
