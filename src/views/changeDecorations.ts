/**
 * The marks of the last refresh (new, changed, removed) drawn the way the editor draws changed files: a badge and a
 * theme color on the row, from a FileDecorationProvider. A marked row gets a `resourceUri` of its own scheme whose
 * path says the mark, so the decoration needs no state; the word is also appended to the row's description (for
 * screen readers and tests) and explained in its tooltip.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { encodeSegment } from '../util/segment';
import { changeSection, markWord } from './changePresentation';
import type { ChangeMark, MarkKind } from '../model/itemChanges';

export const CHANGE_SCHEME = 'page-gateway-change';

/** Badge letters as the editor's Git decorations use them (untranslated there too). */
const LOOK: Record<MarkKind, { badge: string; color: string; tooltip: () => string }> = {
  new: { badge: 'N', color: 'gitDecoration.addedResourceForeground', tooltip: () => l10n.t('New since the last refresh') },
  changed: { badge: 'C', color: 'gitDecoration.modifiedResourceForeground', tooltip: () => l10n.t('Changed since the last refresh') },
  removed: { badge: 'R', color: 'gitDecoration.deletedResourceForeground', tooltip: () => l10n.t('Removed: no longer listed by the gateway') },
};

export function markKind(mark: ChangeMark | 'removed'): MarkKind {
  return mark === 'removed' ? 'removed' : mark.kind;
}

/** The URI a row carries for its mark. */
export function changeUri(rowId: string, kind: MarkKind): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANGE_SCHEME, path: `/${kind}/${encodeSegment(rowId)}` });
}

/** Marks `item` (a row of `rowId`): decoration URI, the word at the end of its description. Returns the tooltip section. */
export function applyMark(item: vscode.TreeItem, rowId: string, mark: ChangeMark | 'removed' | undefined): string {
  if (mark === undefined) {
    return '';
  }
  const kind = markKind(mark);
  item.resourceUri = changeUri(rowId, kind);
  const description = typeof item.description === 'string' ? item.description : '';
  item.description = description === '' ? markWord(kind) : `${description} · ${markWord(kind)}`;
  return changeSection(mark);
}

export class ChangeDecorations implements vscode.FileDecorationProvider {
  public provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== CHANGE_SCHEME) {
      return undefined;
    }
    const kind = uri.path.split('/')[1] as MarkKind;
    const look = Object.prototype.hasOwnProperty.call(LOOK, kind) ? LOOK[kind] : undefined;
    if (look === undefined) {
      return undefined;
    }
    const decoration = new vscode.FileDecoration(look.badge, look.tooltip(), new vscode.ThemeColor(look.color));
    decoration.propagate = false;
    return decoration;
  }
}
