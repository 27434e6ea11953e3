/**
 * What loading the bundle costs before activate() runs, measured in fresh Node 24 processes (the extension host's Node)
 * outside the editor: require of dist/extension.js, with the Node built-ins already loaded (as they are in an extension
 * host) and `vscode` replaced by a stub. The extension's own activationMs starts after it, so this is the part of
 * activation it does not see. (The bundle has no runtime dependency of its own: requests use Node's http/https.) Then,
 * in the same process, dist/onDemand.js: what the first request or the first command that needs it loads later.
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
// What the first command or request that needs it loads later (it takes its shared modules from the one above).
const onDemand = require('node:path').join(dist, 'onDemand.js');
let onDemandMs = null;
if (require('node:fs').existsSync(onDemand)) {
  const t2 = performance.now();
  require(onDemand);
  onDemandMs = performance.now() - t2;
}
process.stdout.write(JSON.stringify({ extensionMs, onDemandMs }));
`;

export async function benchModuleLoad(): Promise<readonly BenchRow[]> {
  const dist = path.join(REPO_ROOT, 'dist');
  const bundle = path.join(dist, 'extension.js');
  if (!fs.existsSync(NODE24_BIN) || !fs.existsSync(bundle)) {
    return [{ section: SECTION, metric: 'require(dist/extension.js)', value: 'not measured', note: 'needs dist/ (npm run build:prod) and the test VS Code (npm run test:install)' }];
  }
  const production = isProductionBundle(fs.readFileSync(bundle, 'utf8'));
  const extension: number[] = [];
  const onDemand: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const output = execFileSync(NODE24_BIN, ['--no-warnings', '-e', SCRIPT, dist], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
      const parsed = JSON.parse(output) as { extensionMs: number; onDemandMs: number | null };
      extension.push(parsed.extensionMs);
      if (parsed.onDemandMs !== null) {
        onDemand.push(parsed.onDemandMs);
      }
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
      note: `${spread(extension, 'ms')}; compile + module bodies, Node 24 built-ins preloaded, vscode stubbed; before activationMs starts`,
    },
    ...(onDemand.length === 0
      ? []
      : [
          {
            section: SECTION,
            metric: 'require(dist/onDemand.js), at first use',
            value: `${median(onDemand).toFixed(1)} ms`,
            command,
            note: `${spread(onDemand, 'ms')}; right after dist/extension.js in the same process: compile + module bodies (zod, the contract's schemas, command bodies); paid once per session by the first request or the first command that needs it, never by activation`,
          },
        ]),
  ];
}
