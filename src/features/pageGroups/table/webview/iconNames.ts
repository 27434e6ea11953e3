// l10n-ignore-file: icon names, no words
/**
 * The codicons the table's webview draws, and only these: the build keeps just their rules of the codicons'
 * stylesheet (esbuild.mjs), so the page's one stylesheet is a few kilobytes, not the 40 KB of every codicon. An icon
 * drawn without being named here would have no glyph: `IconName` makes that a type error.
 */
export const ICON_NAMES = ['arrow-down', 'arrow-up', 'clear-all', 'close', 'cloud-download', 'export', 'files', 'filter', 'list-selection', 'search', 'trash', 'warning'] as const;

export type IconName = (typeof ICON_NAMES)[number];
