/** The list view a generic command acts on (listTarget.ts), asking the user when that cannot be told. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ListView } from '../views/listView';
import type { CommandContext } from './commandContext';
import { resolveList, rowArgument } from './listTarget';

/** The list of the row `arg`, the one the user was in, the only one in sight, or the one picked; undefined when closed. */
export async function pickList(ctx: CommandContext, arg: unknown, title: string): Promise<ListView | undefined> {
  const resolved = resolveList(ctx.lists, rowArgument(arg), ctx.listFocus.last());
  if ('list' in resolved) {
    return resolved.list;
  }
  if (resolved.ask.length === 0) {
    return undefined;
  }
  const picks = resolved.ask.map((list) => ({ label: `$(${list.kind.icon}) ${list.kind.words.heading()}`, list }));
  const picked = await vscode.window.showQuickPick(picks, { title, placeHolder: l10n.t('Which list?') });
  return picked?.list;
}
