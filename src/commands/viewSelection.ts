/**
 * Keybindings run a command with the arguments written in package.json, not with the rows: `{ selectionOf: <view> }`
 * stands for the rows selected in that view, and `{ selectionOf: "focusedView" }` (the generic bindings: Ctrl+C in any
 * list view) for the rows selected in the list view the user is in (listTarget.ts).
 */
import type { TreeNode } from '../views/gatewayTree';
import type { CommandContext } from './commandContext';
import { resolveList } from './listTarget';

export interface SelectionArg {
  readonly selectionOf: string;
}

/** The `selectionOf` of the generic keybindings: the list view the user is in. */
export const FOCUSED_VIEW = 'focusedView';

export function isSelectionArg(value: unknown): value is SelectionArg {
  return typeof value === 'object' && value !== null && typeof (value as { selectionOf?: unknown }).selectionOf === 'string';
}

/**
 * The rows selected in the view `arg` names; undefined when `arg` is not a selection argument or names no view of
 * ours. For the focused view that cannot be told apart from others in sight, the rows of the only one with a selection.
 */
export function selectedRows(ctx: CommandContext, arg: unknown): readonly TreeNode[] | undefined {
  if (!isSelectionArg(arg)) {
    return undefined;
  }
  if (arg.selectionOf !== FOCUSED_VIEW) {
    return ctx.lists.find((list) => list.viewId === arg.selectionOf)?.view.selection;
  }
  const resolved = resolveList(ctx.lists, undefined, ctx.listFocus.last());
  if ('list' in resolved) {
    return resolved.list.view.selection;
  }
  const selecting = resolved.ask.filter((list) => list.view.selection.length > 0);
  return selecting.length === 1 ? selecting[0]?.view.selection : [];
}
