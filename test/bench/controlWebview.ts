/**
 * The editor's own share of "first rows painted after Open as Table": a control extension whose one command opens a
 * webview panel built the way the table's is (a Content-Security-Policy with a nonce, one stylesheet and one script
 * from the extension's own folder, the first screen posted by the host right after the page is set), whose script
 * draws one row when that message comes and notes the painted frame as the table does (`data-first-rows-at` after the
 * next animation frame, `data-script-at` when the script starts). Its host says, as the table's does, when the command
 * ran and when the page was set (`data-host-asked-at`, `data-host-page-set-at`). Measured from the same Enter in the
 * same palette, the difference between the two is what the table itself adds.
 */
import { packTestExtension } from '../harness/testExtension';

/** The control's command as the palette shows it. */
export const CONTROL_WEBVIEW_TITLE = 'PGE Bench: Open Control Webview';

const EXTENSION_JS = `'use strict';
const vscode = require('vscode');
const crypto = require('crypto');
exports.activate = function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('pgeBenchControl.openWebview', () => {
    const askedAt = Date.now();
    const media = vscode.Uri.joinPath(context.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('pgeBenchControl', 'Control', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [media] });
    const webview = panel.webview;
    const nonce = crypto.randomBytes(16).toString('base64');
    const uri = (file) => webview.asWebviewUri(vscode.Uri.joinPath(media, file)).toString();
    webview.html = '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">'
      + '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'; style-src ' + webview.cspSource + '; script-src \\'nonce-' + nonce + '\\'">'
      + '<link rel="stylesheet" href="' + uri('control.css') + '"></head><body><div id="app"></div>'
      + '<script nonce="' + nonce + '" src="' + uri('control.js') + '"></script></body></html>';
    const pageSetAt = Date.now();
    void webview.postMessage({ type: 'rows', rows: ['row 1'], opened: { askedAt, pageSetAt } });
  }));
};
exports.deactivate = function deactivate() {};
`;

const CONTROL_JS = `document.body.dataset.scriptAt = String(performance.timeOrigin + performance.now());
window.addEventListener('message', (event) => {
  const app = document.getElementById('app');
  document.body.dataset.hostAskedAt = String(event.data.opened.askedAt);
  document.body.dataset.hostPageSetAt = String(event.data.opened.pageSetAt);
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
  const manifest = {
    name: 'pge-bench-control-webview',
    displayName: 'Page Gateway Explorer bench control webview',
    description: "A webview panel with one row, to measure the editor's own share of opening a webview.",
    version: '0.0.1',
    publisher: 'pagegateway',
    engines: { vscode: '^1.96.0' },
    main: './extension.js',
    activationEvents: [],
    contributes: { commands: [{ command: 'pgeBenchControl.openWebview', title: CONTROL_WEBVIEW_TITLE }] },
  };
  const { vsix } = await packTestExtension('pge-bench-control-webview', {
    'package.json': manifest,
    'extension.js': EXTENSION_JS,
    'media/control.js': CONTROL_JS,
    'media/control.css': 'body { font-family: var(--vscode-font-family); }\n.row { height: 24px; }\n',
    'README.md': '# Bench control webview\n',
  });
  return vsix;
}
