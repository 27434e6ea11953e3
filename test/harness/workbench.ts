// Opens code-server's workbench in Debian's Chromium (playwright-core, headless, fresh profile).
// Extensions under development and extension-host tests are injected the way @vscode/test-web does it: an init
// script adds `developmentOptions.extensions` / `developmentOptions.extensionTestsPath` to the workbench's web
// configuration (the `data-settings` attribute of #vscode-workbench-web-configuration) when the workbench reads it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { CodeServer } from './codeServer';
import { CHROMIUM_PATH } from './paths';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface WorkbenchOptions {
  readonly server: CodeServer;
  /** Absolute path of an extension folder loaded from source (package.json + main). */
  readonly developmentExtensionPath?: string;
  /** Absolute path of the compiled test runner (folder with index.js, or a .js file) exporting `run()`. */
  readonly extensionTestsPath?: string;
  /** Folder to open as the workspace (default: the server's empty workspace folder). */
  readonly folder?: string;
  /** Called with the exit code when the workbench's extension-host tests end (`window.codeAutomationExit`). */
  readonly onExit?: (code: number) => void;
  /** Receives the extension host's console while tests run (`window.codeAutomationLog`). */
  readonly onLog?: (level: string, message: string) => void;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Device pixels per CSS pixel (2 for sharp screenshots, as on a high-density display); default 1. */
  readonly scale?: number;
  /** Wait for `.monaco-workbench` (default true). */
  readonly waitForWorkbench?: boolean;
}

export interface Workbench {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Page errors and console errors of the workbench, in order. */
  readonly browserErrors: readonly string[];
  close(): Promise<void>;
}

interface InjectedOptions {
  readonly extensionPath: string | null;
  readonly testsPath: string | null;
}

/** Runs in the page before any of its scripts. Must be self-contained (it is serialised). */
function injectDevelopmentOptions(injected: InjectedOptions): void {
  const original = Element.prototype.getAttribute;
  Element.prototype.getAttribute = function patchedGetAttribute(this: Element, name: string): string | null {
    const value = original.call(this, name);
    if (name !== 'data-settings' || this.id !== 'vscode-workbench-web-configuration' || value === null) {
      return value;
    }
    const settings = JSON.parse(value) as Record<string, unknown>;
    const development = (typeof settings.developmentOptions === 'object' && settings.developmentOptions !== null ? settings.developmentOptions : {}) as Record<
      string,
      unknown
    >;
    const remote = (p: string): Record<string, string> => ({ scheme: 'vscode-remote', authority: location.host, path: p });
    if (injected.extensionPath !== null) {
      development.extensions = [remote(injected.extensionPath)];
    }
    if (injected.testsPath !== null) {
      development.extensionTestsPath = remote(injected.testsPath);
    }
    settings.developmentOptions = development;
    return JSON.stringify(settings);
  };
}

export async function openWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  const browserHome = path.join(options.server.root, 'browser-home');
  fs.mkdirSync(browserHome, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    env: { ...process.env, HOME: browserHome, XDG_CONFIG_HOME: path.join(browserHome, '.config'), XDG_CACHE_HOME: path.join(browserHome, '.cache') },
  });
  // Chromium talks to playwright over a pipe and exits when this process goes away; playwright also closes it
  // on SIGINT/SIGTERM/SIGHUP.
  const close = async (): Promise<void> => {
    await browser.close().catch(() => undefined);
  };
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, deviceScaleFactor: options.scale ?? 1 });
    // Copy and paste work as for a user (headless Chromium asks for these permissions otherwise).
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: options.server.origin });
    const page = await context.newPage();
    const browserErrors: string[] = [];
    page.on('pageerror', (error) => browserErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') {
        browserErrors.push(`console: ${message.text()}`);
      }
    });
    if (options.onExit) {
      const onExit = options.onExit;
      await page.exposeFunction('codeAutomationExit', (code: unknown) => onExit(typeof code === 'number' ? code : 1));
    }
    if (options.onLog) {
      const onLog = options.onLog;
      await page.exposeFunction('codeAutomationLog', (level: unknown, message: unknown) => onLog(String(level), typeof message === 'string' ? message : JSON.stringify(message)));
    }
    if (options.developmentExtensionPath !== undefined || options.extensionTestsPath !== undefined) {
      const injected: InjectedOptions = { extensionPath: options.developmentExtensionPath ?? null, testsPath: options.extensionTestsPath ?? null };
      await page.addInitScript(injectDevelopmentOptions, injected);
    }
    await page.goto(options.server.workbenchUrl(options.folder ?? options.server.workspaceDir));
    if (options.waitForWorkbench !== false) {
      await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    }
    return { browser, context, page, browserErrors, close };
  } catch (error: unknown) {
    await close();
    throw error;
  }
}
