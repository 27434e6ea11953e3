/**
 * A Chromium trace (CDP `Tracing`) of the browser over a few steps of a benchmark, for finding where a frame's time
 * goes (script, style, layout, paint, the compositor): written as a JSON trace that Chrome's Performance panel or
 * ui.perfetto.dev opens. Only when a bench is asked for it (PGE_BENCH_TRACE=1); nothing is measured from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CDPSession } from 'playwright-core';

/**
 * What the trace records. PGE_BENCH_TRACE_INVALIDATIONS=1 adds why each element was styled or laid out again;
 * PGE_BENCH_TRACE_JS=1 adds the script's CPU samples (which function the time of a handler went to).
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink',
  'cc',
  'viz',
  'gpu',
  'toplevel',
  'loading',
  ...(process.env.PGE_BENCH_TRACE_INVALIDATIONS === '1' ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
  ...(process.env.PGE_BENCH_TRACE_JS === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
].join(',');

/** Starts tracing the browser that `session` belongs to. */
export async function startTrace(session: CDPSession): Promise<void> {
  await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
}

/** Ends the trace started on `session` and writes it to `file`; the number of events written. */
export async function stopTrace(session: CDPSession, file: string): Promise<number> {
  const complete = new Promise<string | undefined>((resolve) => session.once('Tracing.tracingComplete', (event) => resolve(event.stream)));
  await session.send('Tracing.end');
  const stream = await complete;
  if (stream === undefined) {
    return 0;
  }
  const chunks: string[] = [];
  for (;;) {
    const { data, eof, base64Encoded } = await session.send('IO.read', { handle: stream, size: 1 << 20 });
    chunks.push(base64Encoded === true ? Buffer.from(data, 'base64').toString('utf8') : data);
    if (eof) {
      break;
    }
  }
  await session.send('IO.close', { handle: stream });
  const text = chunks.join('');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const parsed = JSON.parse(text) as { traceEvents?: unknown[] } | unknown[];
  return Array.isArray(parsed) ? parsed.length : (parsed.traceEvents?.length ?? 0);
}
