// Starts the test VS Code (code-server on Node 24) on loopback, without auth, with throwaway user-data, extensions
// and HOME folders, in its own process group. `stop()` kills the group and removes the folders.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureTestVsCode } from './install';
import { LOGS_DIR, REPO_ROOT } from './paths';
import { delay, freePort, killGroup, runCommand, spawnGroup } from './processes';

/** User settings that keep the workbench quiet and deterministic. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'chat.disableAIFeatures': true,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'files.hotExit': 'off',
  'security.workspace.trust.enabled': false,
  'workbench.editor.empty.hint': 'hidden',
  'remote.autoForwardPorts': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Settings the manifest scopes `machine` or `machine-overridable`. code-server's windows are remote windows, where the
 * editor reads those from the machine's remote settings (`<user-data-dir>/Machine/settings.json`) and ignores them in
 * the user settings, as with any Remote Development window: they are written there.
 */
export function machineSettings(): ReadonlySet<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes?: { configuration?: { properties?: Record<string, { scope?: string }> } };
  };
  const properties = manifest.contributes?.configuration?.properties ?? {};
  return new Set(Object.entries(properties).filter(([, schema]) => schema.scope === 'machine' || schema.scope === 'machine-overridable').map(([name]) => name));
}

export interface CodeServerOptions {
  /** User settings added to (and overriding) QUIET_SETTINGS; machine-scoped ones go to the remote settings (see `machineSettings`). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Extra environment for code-server; its extension host inherits it. */
  readonly env?: Readonly<Record<string, string>>;
  /** A .vsix installed with `--install-extension` before the server starts. */
  readonly vsix?: string;
  /** Preferred port; when taken (or 0), any free port. */
  readonly port?: number;
  /** Name of the log file under test-artifacts/logs/ (default `code-server`). */
  readonly logName?: string;
  /** Keep the throwaway folders after stop() (also with env PGE_KEEP_TEMP=1). */
  readonly keepFolders?: boolean;
  /**
   * Turn Workspace Trust on (it is off by default, so the workspace is trusted): every folder then opens in Restricted
   * Mode, without asking.
   */
  readonly workspaceTrust?: boolean;
}

export interface CodeServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly pid: number;
  /** Throwaway root holding home/, user-data/, extensions/ and workspace/. */
  readonly root: string;
  readonly homeDir: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** An empty folder the workbench can open as its workspace. */
  readonly workspaceDir: string;
  readonly logFile: string;
  /** The URL of the workbench, with `folder` opened when given. */
  workbenchUrl(folder?: string): string;
  stop(): Promise<void>;
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function healthy(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${origin}/healthz`, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => {
      request.destroy();
      resolve(false);
    });
  });
}

/**
 * Environment for code-server: the caller's, minus VS Code session and npm script variables, plus a throwaway HOME
 * and TMPDIR (code-server leaves its IPC sockets in the temp folder; these go away with the throwaway folders).
 */
function serverEnv(homeDir: string, tmpDir: string, extra: Readonly<Record<string, string>> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VSCODE_') && !/^npm_/i.test(key) && !['ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS', 'NODE', 'INIT_CWD'].includes(key)) {
      env[key] = value;
    }
  }
  return {
    ...env,
    HOME: homeDir,
    TMPDIR: tmpDir,
    XDG_CONFIG_HOME: path.join(homeDir, '.config'),
    XDG_DATA_HOME: path.join(homeDir, '.local', 'share'),
    XDG_CACHE_HOME: path.join(homeDir, '.cache'),
    // No marketplace here: an empty service URL stops failing gallery look-ups.
    EXTENSIONS_GALLERY: '{"serviceUrl":""}',
    ...extra,
  };
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const vscode = await ensureTestVsCode({ quiet: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-vscode-'));
  const homeDir = path.join(root, 'home');
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const workspaceDir = path.join(root, 'workspace');
  const tmpDir = path.join(root, 'tmp');
  for (const dir of [homeDir, userDataDir, extensionsDir, workspaceDir, tmpDir]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const trust = options.workspaceTrust === true ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {};
  const machine = machineSettings();
  const given = Object.entries(options.settings ?? {});
  writeJson(path.join(userDataDir, 'User', 'settings.json'), { ...QUIET_SETTINGS, ...trust, ...Object.fromEntries(given.filter(([name]) => !machine.has(name))) });
  writeJson(path.join(userDataDir, 'Machine', 'settings.json'), Object.fromEntries(given.filter(([name]) => machine.has(name))));
  fs.mkdirSync(LOGS_DIR, { recursive: true });
  const logFile = path.join(LOGS_DIR, `${options.logName ?? 'code-server'}.log`);
  fs.writeFileSync(logFile, '');
  const env = serverEnv(homeDir, tmpDir, options.env);
  const keep = options.keepFolders === true || process.env.PGE_KEEP_TEMP === '1';
  const removeRoot = (): void => {
    if (!keep) {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  const port = await freePort(options.port ?? 0);
  const configFile = path.join(root, 'config.yaml');
  fs.writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const common = ['--config', configFile, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];

  if (options.vsix !== undefined) {
    if (!fs.existsSync(options.vsix)) {
      removeRoot();
      throw new Error(`${options.vsix} does not exist: run npm run package first`);
    }
    const result = await runCommand(vscode.nodeBin, [vscode.codeServerEntry, ...common, '--install-extension', options.vsix], {
      env,
      output: logFile,
      timeoutMs: 120_000,
    });
    if (result.code !== 0) {
      removeRoot();
      throw new Error(`code-server --install-extension ${path.basename(options.vsix)} failed (exit ${String(result.code)}). Log ${logFile}:\n${tail(logFile, 20)}`);
    }
  }

  const logFd = fs.openSync(logFile, 'a');
  const child = spawnGroup(
    vscode.nodeBin,
    [
      vscode.codeServerEntry,
      ...common,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--ignore-last-opened',
    ],
    { cwd: root, env, stdio: ['ignore', logFd, logFd] },
  );
  fs.closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) {
    removeRoot();
    throw new Error('code-server did not start (no pid)');
  }
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit code ${String(code)}, signal ${String(signal)}`;
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await killGroup(pid);
    removeRoot();
  };

  const deadline = Date.now() + 60_000;
  while (!(await healthy(origin))) {
    if (exited !== undefined || Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not start listening on ${origin} (${exited ?? 'timed out after 60 s'}). Log ${logFile}:\n${tail(logFile, 30)}`);
    }
    await delay(100);
  }

  return {
    origin,
    port,
    pid,
    root,
    homeDir,
    userDataDir,
    extensionsDir,
    workspaceDir,
    logFile,
    workbenchUrl: (folder?: string): string => (folder === undefined ? `${origin}/` : `${origin}/?folder=${encodeURIComponent(folder)}`),
    stop,
  };
}
