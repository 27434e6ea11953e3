/**
 * Which list a generic command (Refresh, Copy as cURL, Export, Load All, Ctrl+C…) acts on. VS Code runs a row's menu
 * command with that row, a view title's command with the view's focused row (or none when no row has focus), a
 * keybinding with the arguments package.json gives it (a generic binding cannot name its view) and the palette with
 * none. So: a row → the list that owns it; no row → the list view the user was in last, if it is visible; else the
 * only visible list view; else the user is asked (among the visible ones, or all when none is). Pure: no `vscode`.
 */
import type { TreeNode } from '../views/gatewayTree';

/** What the resolution reads of a list view. */
export interface ListCandidate {
  readonly viewId: string;
  readonly view: { readonly visible: boolean };
  owns(node: TreeNode): boolean;
}

/** The list to act on, or the lists to ask among (none: there is no list view at all). */
export type ListResolution<L> = { readonly list: L } | { readonly ask: readonly L[] };

/** A command's argument as a row of a tree (`kind` and `id`), or undefined. */
export function rowArgument(arg: unknown): TreeNode | undefined {
  if (typeof arg !== 'object' || arg === null) {
    return undefined;
  }
  const { kind, id } = arg as { kind?: unknown; id?: unknown };
  return typeof kind === 'string' && typeof id === 'string' ? (arg as TreeNode) : undefined;
}

/**
 * The list `row` belongs to; without a row (or a row no list owns, e.g. the inbox's), the list last used
 * (`lastViewId`) when visible, else the only visible one; otherwise the candidates to ask among.
 */
export function resolveList<L extends ListCandidate>(lists: readonly L[], row: TreeNode | undefined, lastViewId: string | undefined): ListResolution<L> {
  const owner = row === undefined ? undefined : lists.find((list) => list.owns(row));
  if (owner !== undefined) {
    return { list: owner };
  }
  const visible = lists.filter((list) => list.view.visible);
  const last = visible.find((list) => list.viewId === lastViewId);
  if (last !== undefined) {
    return { list: last };
  }
  const [only] = visible;
  if (only !== undefined && visible.length === 1) {
    return { list: only };
  }
  if (visible.length === 0 && lists.length === 1 && lists[0] !== undefined) {
    return { list: lists[0] };
  }
  return { ask: visible.length > 0 ? visible : lists };
}
