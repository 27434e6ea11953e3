// l10n-ignore-file: HTML and a Content-Security-Policy, no words (the webview's words come from the host's l10n)
/**
 * The Page Groups table's page: a strict Content-Security-Policy (nothing by default; scripts only by this page's
 * nonce, styles, fonts and images only from the extension's own webview folder; no inline script or style, nothing
 * remote), one stylesheet, one script. Pure: no `vscode`.
 */

export interface TablePage {
  /** The webview's `cspSource` (its own resource origin). */
  readonly cspSource: string;
  /** A fresh random value for this page. */
  readonly nonce: string;
  readonly lang: string;
  readonly script: string;
  readonly styles: readonly string[];
}

const ATTRIBUTE_UNSAFE = /[&"<>]/g;

function attribute(text: string): string {
  return text.replace(ATTRIBUTE_UNSAFE, (c) => `&#${c.charCodeAt(0)};`);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [`default-src 'none'`, `style-src ${cspSource}`, `font-src ${cspSource}`, `img-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
}

export function tableHtml(page: TablePage): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${attribute(page.lang)}">`,
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(page.cspSource, page.nonce))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    ...page.styles.map((href) => `<link rel="stylesheet" href="${attribute(href)}">`),
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script nonce="${attribute(page.nonce)}" src="${attribute(page.script)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
