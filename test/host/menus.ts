// What a user reaches of a row, a view or a key, read from the manifest the editor loaded (the test manifest: the
// extension's own plus the test-only views): the entries of a row's context menu, of a view's title bar and `…` menu,
// and the keybindings, whose `when` clauses hold for that row in that view. Running an entry runs its command the way
// the editor does: a row's menu with the row (and the selection), a view title's with the view's focused row, a key
// with the arguments the manifest gives it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../src/extension';
import { whenHolds, type WhenContext } from '../harness/whenClause';
import { EXTENSION_ID } from './support';

interface MenuEntry {
  readonly command: string;
  readonly when?: string;
  readonly group?: string;
}
interface Keybinding {
  readonly command: string;
  readonly key: string;
  readonly when?: string;
  readonly args?: unknown;
}
interface Manifest {
  readonly contributes: {
    readonly commands: ReadonlyArray<{ readonly command: string; readonly title: string }>;
    readonly menus: Readonly<Record<string, readonly MenuEntry[]>>;
    readonly keybindings: readonly Keybinding[];
  };
}

/** A menu entry as the user sees it: its command and its title in English. */
export interface ShownEntry {
  readonly command: string;
  readonly title: string;
  readonly group: string;
}

function extensionFolder(): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) {
    throw new Error(`${EXTENSION_ID} is not installed`);
  }
  return extension.extensionPath;
}

let loaded: { manifest: Manifest; words: Record<string, string> } | undefined;

function manifest(): { manifest: Manifest; words: Record<string, string> } {
  if (loaded === undefined) {
    const folder = extensionFolder();
    loaded = {
      manifest: JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Manifest,
      words: JSON.parse(fs.readFileSync(path.join(folder, 'package.nls.json'), 'utf8')) as Record<string, string>,
    };
  }
  return loaded;
}

function titleOf(command: string): string {
  const { manifest: m, words } = manifest();
  const title = m.contributes.commands.find((entry) => entry.command === command)?.title ?? command;
  const key = /^%(.+)%$/.exec(title)?.[1];
  return key === undefined ? title : (words[key] ?? title);
}

/** The context the `when` clauses see: the extension's context keys, then `extra` (view, viewItem, focusedView…). */
function contextFor(api: PageGatewayTestApi, extra: WhenContext): WhenContext {
  const { manifest: m } = manifest();
  const keys = new Set<string>();
  for (const entry of [...Object.values(m.contributes.menus).flat(), ...m.contributes.keybindings]) {
    for (const match of (entry.when ?? '').matchAll(/pageGateway\.[A-Za-z0-9_.]+/g)) {
      keys.add(match[0]);
    }
  }
  const context: Record<string, unknown> = {};
  for (const key of keys) {
    context[key] = api.contextValue(key);
  }
  return { ...context, ...extra };
}

function shown(api: PageGatewayTestApi, menu: string, extra: WhenContext): ShownEntry[] {
  const context = contextFor(api, extra);
  return (manifest().manifest.contributes.menus[menu] ?? [])
    .filter((entry) => whenHolds(entry.when, context))
    .map((entry) => ({ command: entry.command, title: titleOf(entry.command), group: entry.group ?? '' }));
}

/** The entries of a row's context menu (inline buttons included: their group is `inline…`). */
export function rowMenu(api: PageGatewayTestApi, viewId: string, row: vscode.TreeItem): ShownEntry[] {
  return shown(api, 'view/item/context', { view: viewId, viewItem: row.contextValue ?? '' });
}

/** The entries of an editor's title bar for the document at `uri`. */
export function editorTitleMenu(api: PageGatewayTestApi, uri: vscode.Uri): ShownEntry[] {
  return shown(api, 'editor/title', { resourceScheme: uri.scheme, resourcePath: uri.path, resourceFilename: path.posix.basename(uri.path) });
}

/** The entries of a view's title bar and its `…` menu. */
export function titleMenu(api: PageGatewayTestApi, viewId: string): ShownEntry[] {
  return shown(api, 'view/title', { view: viewId });
}

function pick(entries: readonly ShownEntry[], title: string | RegExp, where: string): ShownEntry {
  const entry = entries.find((candidate) => (typeof title === 'string' ? candidate.title === title : title.test(candidate.title)));
  if (!entry) {
    throw new Error(`no “${String(title)}” in ${where}: ${entries.map((candidate) => candidate.title).join(', ')}`);
  }
  return entry;
}

/** Clicks `title` in the row's context menu: its command runs with the row, and the selection when it holds the row. */
export async function clickRowMenu<T>(api: PageGatewayTestApi, viewId: string, row: { readonly node: unknown; readonly item: vscode.TreeItem }, title: string | RegExp, selection: readonly unknown[] = []): Promise<T | undefined> {
  const entry = pick(rowMenu(api, viewId, row.item), title, `the context menu of “${String(row.item.label)}”`);
  const selected = selection.includes(row.node) ? selection : [row.node];
  return vscode.commands.executeCommand<T>(entry.command, row.node, selected);
}

/** Clicks `title` in the view's title bar or `…` menu: its command runs with the view's focused row (none: undefined). */
export async function clickTitleMenu<T>(api: PageGatewayTestApi, viewId: string, title: string | RegExp, focused?: unknown): Promise<T | undefined> {
  const entry = pick(titleMenu(api, viewId), title, `the title menu of ${viewId}`);
  return vscode.commands.executeCommand<T>(entry.command, focused);
}

/**
 * Presses `key` with the view focused (and `focused` its focused row): the keybinding whose `when` holds runs with the
 * manifest's arguments; an argument that asks for the focused row (`$focusedTreeItem`) gets it, as the editor does.
 */
export async function pressKey<T>(api: PageGatewayTestApi, viewId: string, key: string, focused?: unknown): Promise<T | undefined> {
  const context = contextFor(api, { focusedView: viewId, listFocus: true, view: viewId });
  const binding = manifest().manifest.contributes.keybindings.find((candidate) => candidate.key === key && whenHolds(candidate.when, context));
  if (!binding) {
    throw new Error(`no keybinding for ${key} in ${viewId}`);
  }
  const args = binding.args as { $focusedTreeItem?: unknown } | undefined;
  const argument = args !== undefined && typeof args === 'object' && args.$focusedTreeItem === true ? focused : args;
  return vscode.commands.executeCommand<T>(binding.command, argument);
}
