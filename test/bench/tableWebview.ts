/**
 * The Page Groups table in a real webview (`--only table-webview`): the sample gateway with 100,000 page groups in a
 * child process, code-server with the packaged .vsix (as the end-to-end tests run it), the workbench in headless
 * Chromium. The table's own Load All loads everything; then each figure is taken as the user meets it:
 * - first rows painted: from the Enter that runs "Page Gateway: Open Page Groups as Table" in the palette (a capture
 *   listener in the workbench's page notes the key's time) to the first frame painted with rows in the webview (the
 *   webview notes it after the next animation frame: `data-first-rows-at`, `performance.mark('pge-first-rows')`);
 *   both are wall-clock times of the same browser (`performance.timeOrigin + …`), so the host's work and every message
 *   between the extension host, the workbench and the webview are in it;
 * - sort by title, a filter keystroke, a facet value: from the input event in the webview (`data-input-at`, its
 *   `timeStamp`) to the frame painted after the host's answer (`data-view-painted-at`); the host's own share of each
 *   (filter, sort and facets: `computeMs`) is in the note;
 * - the webview's heap: V8's used heap after a forced collection (CDP `HeapProfiler.collectGarbage`,
 *   `Runtime.getHeapUsage`) of the webview's own renderer when Chromium runs it out of process, otherwise of the
 *   page's renderer with the table open minus the same with it closed;
 * - bytes sent: what the host posted to the webview as JSON (the panel counts it and says it in its status message);
 * - DOM rows while scrolling: `[role=row]` elements of the grid's body after each of 20 wheel turns, against the rows
 *   that fit in the grid.
 * `PGE_BENCH_RUNS=N` sessions (default 1: each loads 100,000 page groups); figures are medians over every sample.
 */
import type { CDPSession, Frame, FrameLocator, Page } from 'playwright-core';
import { startWorkbench, type WorkbenchFixture } from '../e2e/fixture';
import { benchDatasetTotal } from './benchDataset';
import { startGatewayProcess } from './gatewayProcess';
import type { BenchRow } from './index';
import { median } from './stats';
import { startTrace, stopTrace } from './chromeTrace';
import { CONTROL_WEBVIEW_TITLE, controlWebviewVsix } from './controlWebview';
import { ARTIFACTS_DIR } from '../harness/paths';
import * as path from 'node:path';
import * as os from 'node:os';

const LARGE = 100_000;
const SECTION = 'table (webview, 100,000 page groups)';
const OPEN_TITLE = 'Page Gateway: Open Page Groups as Table';
/** Opens of the table per session (after the first, which loads everything); PGE_BENCH_TABLE_OPENS sets another. */
const OPENS = Math.max(1, Number(process.env.PGE_BENCH_TABLE_OPENS ?? '') || 3);
const ROW_HEIGHT = 24;
const MIB = 1024 * 1024;

interface Samples {
  firstRows: number[];
  /** From the same Enter to the first frame painted with the facets counted. */
  firstFacets: number[];
  /** The control webview's first row painted, from the same Enter (controlWebview.ts). */
  controlFirstRows: number[];
  controlSteps: OpenSteps;
  allRows: number[];
  sortFirst: number[];
  sortAgain: number[];
  sortComputeFirst: number[];
  sortComputeAgain: number[];
  keystroke: number[];
  keystrokeCompute: number[];
  facet: number[];
  facetCompute: number[];
  /** The rows shown after a facet value was chosen, and after it was unchosen (the last session's). */
  facetShown: number[];
  heap: number[];
  heapHow: string[];
  domRows: number[];
  visibleRows: number[];
  bytes: number[];
  loadAllMs: number[];
  firstSteps: FirstSteps;
  sortParts: Parts;
  keyParts: Parts;
  facetParts: Parts;
}

/**
 * Where the time of an open went until its page's script ran, for the table and for the control webview alike: the
 * editor from the Enter until the command ran in the extension host (`toCommand`: the palette, the command's way to
 * the extension host); the command until it had set the panel's page (`inCommand`: the extension's own part); the
 * editor until the webview's page started (`toPage`: the editor tab, the webview's outer frame, its service worker);
 * the page's files loading until its script ran (`toScript`).
 */
interface OpenSteps {
  toCommand: number[];
  inCommand: number[];
  toPage: number[];
  toScript: number[];
}

/**
 * Then, for the table: the script running until the first screen's messages are in (the host sends them with the
 * page: the editor delivers them when the page has loaded); drawing them until the frame is painted.
 */
interface FirstSteps extends OpenSteps {
  toMessages: number[];
  toPainted: number[];
  /** Of `toPainted`: the script drawing the first view (the rest is the browser's style, layout and paint). */
  drawScript: number[];
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

const table = (page: Page): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

async function bodyData(page: Page, name: string): Promise<string | null> {
  return table(page).locator('body').getAttribute(`data-${name}`, { timeout: 60_000 });
}

async function bodyNumber(page: Page, name: string): Promise<number> {
  return Number(await bodyData(page, name));
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`table-webview bench: timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function closeEditors(fx: WorkbenchFixture): Promise<void> {
  await fx.runCommand('View: Close All Editors');
  await until('the table to close', async () => (await fx.page.locator('iframe.webview').count()) === 0, 30_000);
}

/** Runs the command `title` from the palette with Enter; returns the key's time (epoch ms, the browser's clock). */
async function runFromPalette(fx: WorkbenchFixture, title: string): Promise<number> {
  await fx.quickInput.openCommandPalette();
  await fx.quickInput.type(`>${title}`);
  await until('the command in the palette', async () => (await fx.quickInput.items())[0]?.text === title, 30_000);
  await fx.page.evaluate(() => {
    const w = window as unknown as { pgeCommandAt?: number };
    w.pgeCommandAt = undefined;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') {
          w.pgeCommandAt = performance.timeOrigin + event.timeStamp;
        }
      },
      { capture: true, once: true },
    );
  });
  await fx.quickInput.accept();
  return fx.page.evaluate(() => (window as unknown as { pgeCommandAt?: number }).pgeCommandAt ?? Number.NaN);
}

/** The webview's frame (the inner document of the active webview: the iframe#active-frame of iframe.webview). */
async function webviewFrame(page: Page): Promise<Frame | undefined> {
  for (const frame of page.frames()) {
    const element = await frame.frameElement().catch(() => undefined);
    if (element && (await element.getAttribute('id')) === 'active-frame') {
      return frame;
    }
  }
  return undefined;
}

async function usedHeap(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize;
}

/** One change in the table (a click, a key) and the time from its input event to the frame painted after the host's answer. */
async function timedChange(page: Page, act: () => Promise<void>, parts?: Parts): Promise<{ ms: number; computeMs: number }> {
  const views = await bodyNumber(page, 'views');
  await act();
  await until('the view after a change', async () => (await bodyNumber(page, 'views')) > views, 60_000);
  const painted = Number(await bodyData(page, 'view-painted-at'));
  const input = Number(await bodyData(page, 'input-at'));
  if (parts) {
    await addParts(page, parts, input, painted);
  }
  return { ms: painted - input, computeMs: Number(await bodyData(page, 'compute-ms')) };
}

/** Where the time from an input (or the command) to the repaint went: to the host, in the host, to the webview, in the webview. */
interface Parts {
  toHost: number[];
  inHost: number[];
  toWebview: number[];
  inWebview: number[];
}

const newParts = (): Parts => ({ toHost: [], inHost: [], toWebview: [], inWebview: [] });

async function addParts(page: Page, parts: Parts, start: number, painted: number): Promise<void> {
  const received = Number(await bodyData(page, 'host-received-at'));
  const posted = Number(await bodyData(page, 'host-posted-at'));
  const arrived = Number(await bodyData(page, 'view-arrived-at'));
  parts.toHost.push(received - start);
  parts.inHost.push(posted - received);
  parts.toWebview.push(arrived - posted);
  parts.inWebview.push(painted - arrived);
}

function partsText(parts: Parts, first = 'to the host'): string {
  return `of which (medians; the extension host's clock and the browser's are the same machine's) ${first} ${median(parts.toHost).toFixed(0)}, in the host ${median(parts.inHost).toFixed(0)}, host to webview ${median(parts.toWebview).toFixed(0)}, webview to painted ${median(parts.inWebview).toFixed(0)} ms`;
}

/**
 * The steps of the open whose Enter was at `commandAt` (OpenSteps), added to `steps`, and when its script ran and its
 * first rows were painted (epoch ms; the extension host's clock and the browser's are the same machine's).
 */
async function noteOpen(page: Page, commandAt: number, steps: OpenSteps): Promise<{ scriptAt: number; firstRowsAt: number }> {
  const firstRowsAt = Number(await bodyData(page, 'first-rows-at'));
  const scriptAt = Number(await bodyData(page, 'script-at'));
  const askedAt = Number(await bodyData(page, 'host-asked-at'));
  const pageSetAt = Number(await bodyData(page, 'host-page-set-at'));
  const pageAt = (await (await webviewFrame(page))?.evaluate(() => performance.timeOrigin).catch(() => undefined)) ?? Number.NaN;
  steps.toCommand.push(askedAt - commandAt);
  steps.inCommand.push(pageSetAt - askedAt);
  steps.toPage.push(pageAt - pageSetAt);
  steps.toScript.push(scriptAt - pageAt);
  return { scriptAt, firstRowsAt };
}

/** One open of the control webview, closed again: its first row painted (its steps added to `steps`). */
async function controlOpen(fx: WorkbenchFixture, steps: OpenSteps): Promise<number> {
  const commandAt = await runFromPalette(fx, CONTROL_WEBVIEW_TITLE);
  await until('the control webview', async () => (await bodyData(fx.page, 'first-rows-at')) !== null, 60_000);
  const { firstRowsAt } = await noteOpen(fx.page, commandAt, steps);
  await closeEditors(fx);
  return firstRowsAt - commandAt;
}

function newSteps(): OpenSteps {
  return { toCommand: [], inCommand: [], toPage: [], toScript: [] };
}

/** The medians of `steps` in words. */
function stepsText(steps: OpenSteps): string {
  return `the editor until the command ran ${ms(median(steps.toCommand))}, the command until its page was set ${ms(median(steps.inCommand))}, the editor until the webview's page started ${ms(median(steps.toPage))}, the page's files until its script ran ${ms(median(steps.toScript))}`;
}

/** `step`, traced into `file` when one is given (PGE_BENCH_TRACE=1). */
async function traced<T>(fx: WorkbenchFixture, file: string | undefined, step: () => Promise<T>): Promise<T> {
  const tracer = file === undefined ? undefined : await fx.page.context().browser()?.newBrowserCDPSession();
  if (tracer === undefined || file === undefined) {
    return step();
  }
  await startTrace(tracer);
  const result = await step();
  const events = await stopTrace(tracer, file);
  process.stderr.write(`[bench] trace: ${file} (${events} events)\n`);
  return result;
}

/** Each step of `a` minus the same step of `b` (pairedDifferences). */
function stepDifferences(a: OpenSteps, b: OpenSteps): OpenSteps {
  return { toCommand: pairedDifferences(a.toCommand, b.toCommand), inCommand: pairedDifferences(a.inCommand, b.inCommand), toPage: pairedDifferences(a.toPage, b.toPage), toScript: pairedDifferences(a.toScript, b.toScript) };
}

/** Each sample of `a` minus the sample of `b` taken with it. */
function pairedDifferences(a: readonly number[], b: readonly number[]): number[] {
  return a.map((value, i) => value - (b[i] ?? Number.NaN));
}

async function session(samples: Samples): Promise<void> {
  const gateway = await startGatewayProcess(LARGE);
  const total = benchDatasetTotal(LARGE);
  let fx: WorkbenchFixture | undefined;
  try {
    const control = await controlWebviewVsix();
    fx = await startWorkbench({ settings: { 'pageGateway.baseUrl': gateway.url }, name: 'bench-table-webview', viewport: { width: 1400, height: 900 }, extraVsix: [control] });
    const page = fx.page;
    // As the end-to-end tests start: the extension's views shown (the editor has read its manifest), then the key.
    await fx.openContainer();
    await fx.runCommand('Page Gateway: Set API Key…');
    await fx.quickInput.type(gateway.apiKey);
    await fx.quickInput.accept();
    await fx.quickInput.waitClosed(30_000);

    // The first open (the extension activates, nothing loaded), then the table's Load All of everything.
    await runFromPalette(fx, OPEN_TITLE);
    await until('the table', async () => (await bodyData(page, 'loaded')) !== null, 120_000);
    const loadStarted = Date.now();
    await table(page).getByRole('button', { name: 'Load All' }).click();
    await until('Load All of 100,000', async () => (await bodyData(page, 'complete')) === 'true' && (await bodyNumber(page, 'loaded')) === total, 15 * 60_000);
    samples.loadAllMs.push(Date.now() - loadStarted);
    await closeEditors(fx);

    // The control webview: once to activate it (as the table's first open did), then once before each of the table's
    // opens, so both are measured under the same load.
    const workbench = fx;
    await controlOpen(workbench, newSteps());
    const controlOpens = async (traceFile?: string): Promise<void> => {
      samples.controlFirstRows.push(await traced(workbench, traceFile, () => controlOpen(workbench, samples.controlSteps)));
    };

    const cdp = await page.context().newCDPSession(page);
    const closedHeap = await usedHeap(cdp);
    // With PGE_BENCH_TRACE=1 the second open and the control's open before it are traced (the editor, the page's
    // files, the first frame), to be read side by side.
    const openTrace = (name: string, open: number): string | undefined => (process.env.PGE_BENCH_TRACE === '1' && open === 1 ? path.join(ARTIFACTS_DIR, 'bench-profiles', `${name}.trace.json`) : undefined);
    for (let open = 0; open < OPENS; open++) {
      await controlOpens(openTrace('control-open', open));
      const commandAt = await traced(fx, openTrace('table-open', open), async () => {
        const at = await runFromPalette(workbench, OPEN_TITLE);
        await until('the first rows', async () => (await bodyData(page, 'first-rows-at')) !== null, 120_000);
        return at;
      });
      const { scriptAt, firstRowsAt } = await noteOpen(page, commandAt, samples.firstSteps);
      samples.firstRows.push(firstRowsAt - commandAt);
      await until('the first facets', async () => (await bodyData(page, 'first-facets-at')) !== null, 60_000);
      samples.firstFacets.push(Number(await bodyData(page, 'first-facets-at')) - commandAt);
      const initAt = Number(await bodyData(page, 'init-at'));
      samples.firstSteps.toMessages.push(initAt - scriptAt);
      samples.firstSteps.toPainted.push(firstRowsAt - initAt);
      samples.firstSteps.drawScript.push(await bodyNumber(page, 'first-draw-ms'));
      await until('every row in the webview', async () => (await bodyNumber(page, 'rows-received')) === total, 120_000);
      // The bench's clock and the browser's are the same machine's wall clock.
      samples.allRows.push(Date.now() - commandAt);
      if (open === 0) {
        // The host says what it sent in its status, again once the last batch is out.
        // (It may already be in: the webview notes the rows it held when each status came.)
        await until('the status after the last batch', async () => (await bodyNumber(page, 'rows-at-status')) === total, 60_000);
        samples.bytes.push(await bodyNumber(page, 'bytes-sent'));
        const frame = await webviewFrame(page);
        let heap: number | undefined;
        if (frame) {
          const own = await page
            .context()
            .newCDPSession(frame)
            .catch(() => undefined);
          if (own) {
            heap = await usedHeap(own);
            samples.heapHow.push('the webview renderer (out of process), after a forced GC');
            await own.detach().catch(() => undefined);
          }
        }
        if (heap === undefined) {
          heap = (await usedHeap(cdp)) - closedHeap;
          samples.heapHow.push("the page's renderer with the table open minus closed, each after a forced GC (the webview runs in the workbench's process)");
        }
        samples.heap.push(heap);
      }
      if (open < OPENS - 1) {
        await closeEditors(fx);
      }
    }
    await cdp.detach().catch(() => undefined);

    // Sort by title: the first (the host ranks the titles, or did while idle), then descending, none, ascending again
    // (ranks kept). The user reads the table for a second first.
    // With PGE_BENCH_TRACE=1 the second and the first sort are traced (what the webview did while idle, then the click).
    const traceFile = process.env.PGE_BENCH_TRACE === '1' ? path.join(ARTIFACTS_DIR, 'bench-profiles', 'table-keystrokes.trace.json') : undefined;
    const sortTracer = traceFile ? await page.context().browser()?.newBrowserCDPSession() : undefined;
    if (sortTracer) {
      await startTrace(sortTracer);
    }
    await page.waitForTimeout(1000);
    const title = table(page).locator('[role="columnheader"]', { hasText: 'Title' });
    const first = await timedChange(page, () => title.click(), samples.sortParts);
    samples.sortFirst.push(first.ms);
    samples.sortComputeFirst.push(first.computeMs);
    if (sortTracer && traceFile) {
      const file = traceFile.replace('keystrokes', 'sort');
      const events = await stopTrace(sortTracer, file);
      process.stderr.write(`[bench] trace of the first sort: ${file} (${events} events)\n`);
    }
    for (let i = 0; i < 3; i++) {
      const again = await timedChange(page, () => title.click(), samples.sortParts);
      samples.sortAgain.push(again.ms);
      samples.sortComputeAgain.push(again.computeMs);
    }

    // Filter keystrokes, one at a time (each waits for its repaint), then the box emptied.
    const box = table(page).getByRole('searchbox', { name: 'Filter' });
    await box.click();
    const tracer = traceFile ? await page.context().browser()?.newBrowserCDPSession() : undefined;
    if (tracer) {
      await startTrace(tracer);
    }
    for (const key of 'checkout') {
      const change = await timedChange(page, () => page.keyboard.press(key), samples.keyParts);
      samples.keystroke.push(change.ms);
      samples.keystrokeCompute.push(change.computeMs);
    }
    if (tracer && traceFile) {
      const events = await stopTrace(tracer, traceFile);
      process.stderr.write(`[bench] trace of the keystrokes: ${traceFile} (${events} events)\n`);
    }
    await timedChange(page, () => box.fill(''));

    // A facet value chosen and unchosen (filter, sort by title and the four facets recomputed).
    const draft = table(page).locator('.facet[data-field="status"] label', { hasText: 'draft' }).locator('input');
    const facetTracer = traceFile ? await page.context().browser()?.newBrowserCDPSession() : undefined;
    if (facetTracer) {
      await startTrace(facetTracer);
    }
    for (let i = 0; i < 3; i++) {
      for (const check of [true, false]) {
        const change = await timedChange(page, () => (check ? draft.check() : draft.uncheck()), samples.facetParts);
        samples.facet.push(change.ms);
        samples.facetCompute.push(change.computeMs);
        if (i === 0) {
          samples.facetShown.push(await bodyNumber(page, 'shown'));
        }
      }
    }
    if (facetTracer && traceFile) {
      const file = traceFile.replace('keystrokes', 'facets');
      const events = await stopTrace(facetTracer, file);
      process.stderr.write(`[bench] trace of the facet values: ${file} (${events} events)\n`);
    }

    // Scrolling: the rows in the DOM after each wheel turn, against the rows that fit.
    const grid = table(page).locator('[role="grid"]');
    const box2 = await grid.boundingBox();
    const visible = Math.ceil(((box2?.height ?? 0) - ROW_HEIGHT) / ROW_HEIGHT);
    await grid.hover();
    let most = 0;
    for (let turn = 0; turn < 20; turn++) {
      await page.mouse.wheel(0, 1500 + turn * 700);
      await page.waitForTimeout(80);
      most = Math.max(most, await grid.locator('.body [role="row"]').count());
    }
    samples.domRows.push(most);
    samples.visibleRows.push(visible);
  } finally {
    await fx?.stop().catch(() => undefined);
    await gateway.stop();
  }
}

export async function benchTableWebview(): Promise<readonly BenchRow[]> {
  const runs = Math.max(1, Number.parseInt(process.env.PGE_BENCH_RUNS ?? '1', 10) || 1);
  const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const samples: Samples = { firstRows: [], firstFacets: [], controlFirstRows: [], controlSteps: newSteps(), allRows: [], sortFirst: [], sortAgain: [], sortComputeFirst: [], sortComputeAgain: [], keystroke: [], keystrokeCompute: [], facet: [], facetCompute: [], facetShown: [], heap: [], heapHow: [], domRows: [], visibleRows: [], bytes: [], loadAllMs: [], firstSteps: { ...newSteps(), toMessages: [], toPainted: [], drawScript: [] }, sortParts: newParts(), keyParts: newParts(), facetParts: newParts() };
  for (let run = 0; run < runs; run++) {
    process.stderr.write(`[bench] table-webview session ${run + 1} of ${runs}…\n`);
    await session(samples);
  }
  if (process.env.PGE_BENCH_SAMPLES === '1') {
    // Every sample, in the order taken (e.g. each keystroke of "checkout"), for comparing two builds step by step.
    process.stderr.write(`[bench] samples: ${JSON.stringify({ keystroke: samples.keystroke, keystrokeCompute: samples.keystrokeCompute, facet: samples.facet, sortAgain: samples.sortAgain, firstRows: samples.firstRows })}\n`);
  }
  const command = 'node out/test/bench/index.js --only table-webview';
  const where = `${runs} session${runs === 1 ? '' : 's'} (code-server + Chromium, the .vsix); load average ${load} at the start`;
  const row = (metric: string, values: number[], target: number | undefined, note: string, format: (value: number) => string = ms): BenchRow => {
    const value = median(values);
    return {
      section: SECTION,
      metric,
      value: format(value),
      ...(target === undefined ? {} : { target: `≤ ${format(target)}`, met: value <= target }),
      command,
      note: `min ${format(Math.min(...values))}, max ${format(Math.max(...values))}, ${values.length} samples; ${note}`,
    };
  };
  const totalText = benchDatasetTotal(LARGE).toLocaleString('en-US');
  const domMost = Math.max(...samples.domRows);
  const visible = median(samples.visibleRows);
  return [
    row('first rows painted after Open as Table', samples.firstRows, 400, `${samples.firstRows.length} opens with ${totalText} loaded; from the Enter in the palette to the first frame painted with rows in the webview (the host's rows taken in, the first screen's messages, its drawing; the facets' counts follow); of which (medians) ${stepsText(samples.firstSteps)}, until the first screen's messages were in ${ms(median(samples.firstSteps.toMessages))}, drawn and painted ${ms(median(samples.firstSteps.toPainted))} (the script's drawing ${ms(median(samples.firstSteps.drawScript))}); ${where}`),
    row('a control webview, first row painted (the editor\'s own share)', samples.controlFirstRows, undefined, `a control extension's webview built like the table's (the same Content-Security-Policy, one stylesheet and one script of its own, one row posted by its host with the page), opened from the same palette with Enter before each of the table's opens (controlWebview.ts); of which (medians) ${stepsText(samples.controlSteps)}`),
    row('first rows painted, minus the control webview (what the table adds)', pairedDifferences(samples.firstRows, samples.controlFirstRows), undefined, `each open minus the control's open right before it; of which (medians of the paired differences) ${stepsText(stepDifferences(samples.firstSteps, samples.controlSteps))}`),
    row('facets counted after Open as Table', samples.firstFacets, undefined, `the same opens, until the first frame painted with the facets' counts (the first screen comes with the page without them; the host counts them once the webview is ready)`),
    row('every row in the webview after Open as Table', samples.allRows, undefined, `the same opens, until the last column batch arrived (rows beyond the first screen come in batches of 5,000, each when the webview has taken in the one before)`),
    row('sort by title, first after the table opened (1 s after every row arrived)', samples.sortFirst, 150, `header click to repaint; host's filter + sort + facets ${ms(median(samples.sortComputeFirst))}; every sort: ${partsText(samples.sortParts)}`),
    row('sort by title again (descending, none, ascending)', samples.sortAgain, 150, `header click to repaint; host's share ${ms(median(samples.sortComputeAgain))}`),
    row('filter keystroke to repaint', samples.keystroke, 50, `"checkout" typed one key at a time, each to its repaint (filter, the sort by title, the four facets, the redraw); host's share ${ms(median(samples.keystrokeCompute))}; ${partsText(samples.keyParts)}`),
    row('facets recomputed (a status value chosen / unchosen)', samples.facet, 50, `checkbox to repaint of rows and facets (${samples.facetShown.slice(-2).map((n) => n.toLocaleString('en')).join(' / ')} rows shown); host's filter + sort + facets ${ms(median(samples.facetCompute))}; ${partsText(samples.facetParts)}`),
    row('webview heap, 100,000 rows', samples.heap, 80 * MIB, samples.heapHow[0] ?? '', (value) => `${(value / MIB).toFixed(1)} MiB`),
    row('bytes the host sent (rows in column batches, view, status)', samples.bytes, undefined, `JSON as posted; ${(median(samples.bytes) / benchDatasetTotal(LARGE)).toFixed(0)} bytes per row`, (value) => `${(value / 1024).toFixed(0)} KiB`),
    {
      section: SECTION,
      metric: 'rows in the DOM while scrolling',
      value: `${domMost} (${visible} visible)`,
      target: '≤ about 2× the visible rows',
      met: domMost <= 2 * visible + 16,
      command,
      note: 'most [role=row] elements in the grid body over 20 wheel turns; the grid draws the rows in view and 4 more on each side (model/rowWindow.ts)',
    },
    row("Load All of 100,000 from the table's button", samples.loadAllMs, undefined, 'click to "all" in the toolbar, for context (the tree\'s Load All is measured in the host section)'),
  ];
}
