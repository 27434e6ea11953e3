/** What a Search result does: Enter opens it and reveals it in its tree; its buttons open it, copy its id, reveal it. */
import * as vscode from 'vscode';
import type { Checked } from '../../api/model';
import { itemDocument } from '../../documents/itemDocuments';
import type { Gateway } from '../../gateway/gateway';
import type { ItemRef, ResourceKind } from '../../model/resource';
import { searchButtonText } from '../../text/searchText';
import { plainText, STATUS_MESSAGE_LENGTH } from '../../text/surfaceText';
import type { CommandContext } from '../commandContext';

/** An item among the results: each once per gateway and id. */
export interface Candidate {
  readonly gateway: Gateway;
  readonly item: Checked<unknown>;
  readonly id: string | undefined;
}

export interface ResultButtons {
  readonly open: vscode.QuickInputButton;
  readonly copy: vscode.QuickInputButton;
  readonly reveal: vscode.QuickInputButton;
  readonly export: vscode.QuickInputButton;
}

/** Made per search: their tooltips are looked up after activation has loaded the bundle. */
export function resultButtons(): ResultButtons {
  const text = searchButtonText();
  return {
    open: { iconPath: new vscode.ThemeIcon('json'), tooltip: text.open },
    copy: { iconPath: new vscode.ThemeIcon('copy'), tooltip: text.copy },
    reveal: { iconPath: new vscode.ThemeIcon('list-tree'), tooltip: text.reveal },
    export: { iconPath: new vscode.ThemeIcon('export'), tooltip: text.export },
  };
}

function refOf(kind: ResourceKind<unknown>, candidate: Candidate): ItemRef {
  return { gateway: candidate.gateway, kind, item: candidate.item };
}

/** Enter on a result: its JSON opens and its row is revealed (its pages loaded up to it). */
export async function openResult(ctx: CommandContext, kind: ResourceKind<unknown>, candidate: Candidate): Promise<void> {
  const ref = refOf(kind, candidate);
  const doc = itemDocument(ref);
  await ctx.documents.open(doc.address, doc.snapshot);
  await ctx.reveal.reveal(ref, { load: true });
}

/** A result's button; `close` hides the pick first when the button leaves it (Reveal in Tree). */
export async function resultButton(
  ctx: CommandContext,
  kind: ResourceKind<unknown>,
  candidate: Candidate,
  button: vscode.QuickInputButton,
  buttons: ResultButtons,
  close: () => void,
): Promise<void> {
  const ref = refOf(kind, candidate);
  if (button === buttons.open) {
    const doc = itemDocument(ref);
    await ctx.documents.open(doc.address, doc.snapshot, true);
  } else if (button === buttons.copy && candidate.id !== undefined) {
    await vscode.env.clipboard.writeText(candidate.id);
    vscode.window.setStatusBarMessage(`$(check) ${plainText(kind.words.copiedId(candidate.id), STATUS_MESSAGE_LENGTH)}`, 4000);
  } else if (button === buttons.reveal) {
    close();
    await ctx.reveal.reveal(ref, { load: true });
  }
}
