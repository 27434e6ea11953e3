/**
 * The editor's own share of "first rows painted after Open as Table": a control extension whose one command opens a
 * webview panel built the way the table's is (a Content-Security-Policy with a nonce, one stylesheet and one script
 * from the extension's own folder, the first screen posted by the host right after the page is set), whose script
 * draws one row when that message comes and notes the painted frame as the table does (`data-first-rows-at` after the
 * next animation frame, `data-script-at` when the script starts). Measured from the same Enter in the same palette,
 * the difference between the two is what the table itself adds.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LOGS_DIR, REPO_ROOT } from '../harness/paths';
import { runCommand } from '../harness/processes';

/** The control's command as the palette shows it. */
export const CONTROL_WEBVIEW_TITLE = 'PGE Bench: Open Control Webview';

const EXTENSION_JS = `'use strict';
const vscode = require('vscode');
const crypto = require('crypto');
exports.activate = function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('pgeBenchControl.openWebview', () => {
    const media = vscode.Uri.joinPath(context.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('pgeBenchControl', 'Control', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [media] });
    const webview = panel.webview;
    const nonce = crypto.randomBytes(16).toString('base64');
    const uri = (file) => webview.asWebviewUri(vscode.Uri.joinPath(media, file)).toString();
    webview.html = '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">'
      + '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'; style-src ' + webview.cspSource + '; script-src \\'nonce-' + nonce + '\\'">'
      + '<link rel="stylesheet" href="' + uri('control.css') + '"></head><body><div id="app"></div>'
      + '<script nonce="' + nonce + '" src="' + uri('control.js') + '"></script></body></html>';
    void webview.postMessage({ type: 'rows', rows: ['row 1'] });
  }));
};
exports.deactivate = function deactivate() {};
`;

const CONTROL_JS = `document.body.dataset.scriptAt = String(performance.timeOrigin + performance.now());
window.addEventListener('message', (event) => {
  const app = document.getElementById('app');
  for (const text of event.data.rows) {
    const row = document.createElement('div');
    row.className = 'row';
    row.textContent = text;
    app.appendChild(row);
  }
  requestAnimationFrame(() => setTimeout(() => { document.body.dataset.firstRowsAt = String(performance.timeOrigin + performance.now()); }, 0));
});
`;

let built: Promise<string> | undefined;

/** Builds (once per process) the control's .vsix with vsce; returns its path. */
export function controlWebviewVsix(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-bench-control-webview-'));
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const manifest = {
    name: 'pge-bench-control-webview',
    displayName: 'Page Gateway Explorer bench control webview',
    description: 'A webview panel with one row, to measure the editor own share of opening a webview.',
    version: '0.0.1',
    publisher: 'pagegateway',
    engines: { vscode: '^1.96.0' },
    main: './extension.js',
    activationEvents: [],
    contributes: { commands: [{ command: 'pgeBenchControl.openWebview', title: CONTROL_WEBVIEW_TITLE }] },
  };
  write('package.json', `${JSON.stringify(manifest, null, 2)}\n`);
  write('extension.js', EXTENSION_JS);
  write('media/control.js', CONTROL_JS);
  write('media/control.css', 'body { font-family: var(--vscode-font-family); }\n.row { height: 24px; }\n');
  write('README.md', '# Bench control webview\n');
  const vsix = path.join(dir, 'pge-bench-control-webview.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  fs.mkdirSync(LOGS_DIR, { recursive: true });
  const log = path.join(LOGS_DIR, 'bench-control-webview.log');
  const result = await runCommand(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], {
    cwd: dir,
    output: log,
    timeoutMs: 120_000,
  });
  if (result.code !== 0 || !fs.existsSync(vsix)) {
    throw new Error(`vsce could not package the bench's control webview (exit ${String(result.code)}); see ${log}`);
  }
  return vsix;
}
