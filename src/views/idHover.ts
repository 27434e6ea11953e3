/**
 * IDs in your own code: hovering a word that is the id of a loaded page group or webhook subscription (any gateway)
 * shows its card, its gateway, and links to open, reveal and copy it. One map lookup per hover; no request, ever.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { commandLink, itemAddress } from '../model/itemArgs';
import type { IdIndex } from '../model/idIndex';
import type { ItemRef } from '../model/resource';
import { escapeMarkdown } from '../text/markdown';

/** What may form an id in text: letters, digits, `_`, `-`, `.`, `:` (ids are opaque; these cover the usual forms). */
const ID_WORD = /[\p{L}\p{N}_.:-]+/u;
const LINKED_COMMANDS = ['pageGateway.openJson', 'pageGateway.revealItem', 'pageGateway.copyId', 'pageGateway.copyLink'];

export class IdHoverProvider implements vscode.HoverProvider {
  public constructor(
    private readonly ids: IdIndex,
    private readonly severalGateways: () => boolean,
  ) {}

  public provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const range = document.getWordRangeAtPosition(position, ID_WORD);
    if (!range) {
      return undefined;
    }
    const word = document.getText(range).replace(/^[.:-]+|[.:-]+$/g, '');
    const refs = word.length >= 3 ? this.ids.lookup(word) : [];
    if (refs.length === 0) {
      return undefined;
    }
    return new vscode.Hover(refs.map((ref) => this.card(ref)), range);
  }

  private card(ref: ItemRef): vscode.MarkdownString {
    const markdown = new vscode.MarkdownString(undefined, true);
    markdown.isTrusted = { enabledCommands: LINKED_COMMANDS };
    const address = itemAddress(ref);
    markdown.appendMarkdown(`$(${ref.kind.icon}) ${ref.kind.words.onGateway(`**${escapeMarkdown(ref.gateway.name)}**`)}`);
    if (this.severalGateways()) {
      markdown.appendMarkdown(` (${escapeMarkdown(ref.gateway.address)})`);
    }
    // The links first: the fields below can make the card taller than the editor's hover, which then scrolls.
    if (address) {
      markdown.appendMarkdown(
        `\n\n${[
          `[${escapeMarkdown(l10n.t('Open as JSON'))}](${commandLink('pageGateway.openJson', address)})`,
          `[${escapeMarkdown(l10n.t('Reveal in Tree'))}](${commandLink('pageGateway.revealItem', address)})`,
          `[${escapeMarkdown(l10n.t('Copy ID'))}](${commandLink('pageGateway.copyId', address)})`,
          `[${escapeMarkdown(l10n.t('Copy Link'))}](${commandLink('pageGateway.copyLink', address)})`,
        ].join(' · ')}`,
      );
    }
    markdown.appendMarkdown(`\n\n${ref.kind.tooltip(ref.item)}`);
    return markdown;
  }
}
