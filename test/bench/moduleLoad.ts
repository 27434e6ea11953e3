/**
 * What loading the bundle costs before activate() runs, measured in fresh Node 24 processes (the extension host's Node)
 * outside the editor: require of dist/extension.js, with the Node built-ins already loaded (as they are in an extension
 * host) and `vscode` replaced by a stub. The extension's own activationMs starts after it, so this is the part of
 * activation it does not see. (The bundle has no runtime dependency of its own: requests use Node's http/https.)
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NODE24_BIN, REPO_ROOT } from '../harness/paths';
import { isProductionBundle } from './buildOutputs';
import type { BenchRow } from './index';
import { median, spread } from './stats';

const RUNS = 7;
const SECTION = 'module load';

/** Runs in the child: prints {"extensionMs":…}. */
const SCRIPT = `
const Module = require('node:module');
for (const name of ['net', 'tls', 'http', 'https', 'stream', 'stream/web', 'zlib', 'crypto', 'util', 'events', 'buffer', 'url', 'dns', 'assert', 'worker_threads', 'perf_hooks', 'diagnostics_channel', 'async_hooks', 'string_decoder', 'querystring', 'fs/promises', 'console', 'timers']) require('node:' + name);
const load = Module._load;
// Any property, call or construction gives the stub again; also through esbuild's __toESM copy, whose prototype is the stub's.
const anything = new Proxy({}, { get: (target, key) => (key === 'then' ? undefined : stub) });
const stub = new Proxy(function () {}, { get: (target, key) => (key === 'then' ? undefined : stub), apply: () => stub, construct: () => stub, getPrototypeOf: () => anything });
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const dist = process.argv[1];
const t = performance.now();
require(require('node:path').join(dist, 'extension.js'));
const extensionMs = performance.now() - t;
process.stdout.write(JSON.stringify({ extensionMs }));
`;

export async function benchModuleLoad(): Promise<readonly BenchRow[]> {
  const dist = path.join(REPO_ROOT, 'dist');
  const bundle = path.join(dist, 'extension.js');
  if (!fs.existsSync(NODE24_BIN) || !fs.existsSync(bundle)) {
    return [{ section: SECTION, metric: 'require(dist/extension.js)', value: 'not measured', note: 'needs dist/ (npm run build:prod) and the test VS Code (npm run test:install)' }];
  }
  const production = isProductionBundle(fs.readFileSync(bundle, 'utf8'));
  const extension: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const output = execFileSync(NODE24_BIN, ['--no-warnings', '-e', SCRIPT, dist], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
      const parsed = JSON.parse(output) as { extensionMs: number };
      extension.push(parsed.extensionMs);
    }
  } catch (error: unknown) {
    const stderr = (error as { stderr?: unknown }).stderr;
    const reason = typeof stderr === 'string' ? (stderr.split('\n').find((line) => /Error/.test(line)) ?? stderr.slice(0, 200)) : String(error);
    return [{ section: SECTION, metric: 'require(dist/extension.js)', value: 'failed', note: `could not load the bundle outside the editor: ${reason.trim()}` }];
  }
  const command = 'require() in a fresh Node 24 process';
  return [
    {
      section: SECTION,
      metric: `require(dist/extension.js)${production ? '' : ' (development build)'}`,
      value: `${median(extension).toFixed(1)} ms`,
      command,
      note: `${spread(extension, 'ms')}; compile + module bodies (zod schemas…), Node 24 built-ins preloaded, vscode stubbed; before activationMs starts`,
    },
  ];
}
