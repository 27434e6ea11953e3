/**
 * Keybindings run a command with the arguments written in package.json, not with the rows: `{ selectionOf: <view> }`
 * stands for the rows selected in that view (e.g. Ctrl+C in a Page Gateway view copies the selected rows' ids).
 */
import type { TreeNode } from '../views/gatewayTree';
import type { CommandContext } from './commandContext';

export interface SelectionArg {
  readonly selectionOf: string;
}

export function isSelectionArg(value: unknown): value is SelectionArg {
  return typeof value === 'object' && value !== null && typeof (value as { selectionOf?: unknown }).selectionOf === 'string';
}

/** The rows selected in the view `arg` names; undefined when `arg` is not a selection argument or names no view of ours. */
export function selectedRows(ctx: CommandContext, arg: unknown): readonly TreeNode[] | undefined {
  if (!isSelectionArg(arg)) {
    return undefined;
  }
  return ctx.lists.find((list) => list.viewId === arg.selectionOf)?.view.selection;
}
