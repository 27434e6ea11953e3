/** Activation as the extension host does it: the runner asks for the extension and times `activate()` from outside. */
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { EXTENSION_ID } from '../../host/support';
import * as path from 'node:path';
import { ENV_PROFILE_DIR, type ActivationPhases } from '../hostProtocol';
import { profiled } from './cpuProfile';
import { traceModuleLoads } from './moduleTrace';

/**
 * The built-in extensions that activate at start-up (JSON, npm, emmet, …) load for a few hundred milliseconds on the
 * host's single thread; activating during that would time them too. Users open the view later, so wait until no
 * extension has activated for QUIET_MS (at most QUIET_LIMIT_MS).
 */
const QUIET_MS = 1500;
const QUIET_LIMIT_MS = 20_000;

async function quietHost(): Promise<number> {
  const started = Date.now();
  const active = (): number => vscode.extensions.all.filter((extension) => extension.isActive).length;
  let count = active();
  let since = Date.now();
  while (Date.now() - since < QUIET_MS && Date.now() - started < QUIET_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = active();
    if (now !== count) {
      count = now;
      since = Date.now();
    }
  }
  return count;
}

export interface Activated {
  readonly api: PageGatewayTestApi;
  readonly extensionPath: string;
  readonly outsideMs: number;
  readonly firstInHost: boolean;
  readonly logLine: string | undefined;
  readonly logMs: number | undefined;
  /** Other extensions already active in the host when ours was activated. */
  readonly othersActive: number;
  readonly phases: ActivationPhases | undefined;
}

const LOG_LINE = /activated in ([0-9.]+) ms/;

/** activate() of another extension (the empty control extension), timed the same way. */
export async function activateControl(id: string): Promise<{ readonly outsideMs: number; readonly firstInHost: boolean }> {
  const extension = vscode.extensions.getExtension(id);
  if (!extension) {
    throw new Error(`extension ${id} is not loaded in this host`);
  }
  await quietHost();
  const firstInHost = !extension.isActive;
  const started = performance.now();
  await extension.activate();
  return { outsideMs: performance.now() - started, firstInHost };
}

export async function activateExtension(): Promise<Activated> {
  const extension = vscode.extensions.getExtension<PageGatewayTestApi | undefined>(EXTENSION_ID);
  if (!extension) {
    throw new Error(`extension ${EXTENSION_ID} is not loaded in this host`);
  }
  const othersActive = await quietHost();
  const firstInHost = !extension.isActive;
  const main = path.join(extension.extensionPath, 'dist');
  const started = performance.now();
  const { value: api, spans } = await traceModuleLoads(
    (request) => request.startsWith(main),
    () => profiled(process.env[ENV_PROFILE_DIR], `activation-${process.pid}`, () => Promise.resolve(extension.activate())),
  );
  const ended = performance.now();
  const outsideMs = ended - started;
  const bundle = spans.find((span) => span.request.startsWith(main));
  const phases: ActivationPhases | undefined = bundle && {
    beforeLoadMs: bundle.start - started,
    bundleLoadMs: bundle.end - bundle.start,
    afterLoadMs: ended - bundle.end,
  };
  if (!api) {
    throw new Error('the extension returned no test API: it does not run in Development or Test mode');
  }
  const logLine = api.logger.recentLines().find((line) => LOG_LINE.test(line));
  const logMs = logLine === undefined ? undefined : Number(LOG_LINE.exec(logLine)?.[1]);
  return { api, extensionPath: extension.extensionPath, outsideMs, firstInHost, logLine, logMs, othersActive, phases };
}
