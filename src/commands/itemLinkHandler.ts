/**
 * The URI handler: a link `<uriScheme>://pagegateway.page-gateway-explorer/open?gateway=<name>&host=<host>&id=<id>`
 * opens the item as JSON and reveals it, loading or scanning as Go to ID does (with progress and cancel). A link never
 * changes a setting and sends requests only to a gateway configured here: the one it names, else the only one on its
 * host, else the one the user picks (see `linkGatewayMatch`); with no gateway configured, it says so and offers Add
 * Gateway….
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from './commandContext';
import { linkGatewayMatch, parseItemLink } from '../model/itemLink';
import { pickLinkGateway } from './linkGatewayPicker';
import { plainText } from '../text/surfaceText';

/** A value from a link as a message shows it: at most this many characters. */
const SHOWN = 80;

function shown(text: string): string {
  return text.length <= SHOWN ? text : `${text.slice(0, SHOWN - 1)}…`;
}

export class ItemLinkHandler implements vscode.UriHandler {
  public constructor(private readonly ctx: CommandContext) {}

  /** Resolves when the link was handled (the item opened, or the user was told why not). */
  public async handleUri(uri: vscode.Uri): Promise<void> {
    const link = parseItemLink(uri.path, uri.query);
    if (!link.ok) {
      void vscode.window.showWarningMessage(
        link.problem === 'path'
          ? l10n.t('This Page Gateway link does not open anything: a link looks like …/open?gateway=<name>&id=<id>. Copy it again with “Copy Link”.')
          : l10n.t('This Page Gateway link is incomplete: it needs exactly one gateway name and one id. Copy it again with “Copy Link”.'),
      );
      return;
    }
    const match = linkGatewayMatch(link, this.ctx.registry.gateways());
    const gateway = match.kind === 'found' ? match.gateway : match.kind === 'ask' ? await pickLinkGateway(link, match.among) : undefined;
    if (match.kind === 'ask' && gateway === undefined) {
      return; // the user closed the question
    }
    if (!gateway) {
      const add = l10n.t('Add Gateway…');
      void vscode.window
        .showWarningMessage(
          // The id and name come from the link: shown as text, never as a command link or an icon.
          l10n.t('The link opens “{0}” on the gateway “{1}”, which is not configured in this window. Add it (with the name “{1}”) to open the link.', plainText(shown(link.id)), plainText(shown(link.gateway))),
          add,
        )
        .then((choice) => {
          if (choice === add) {
            void vscode.commands.executeCommand('pageGateway.addGateway');
          }
        });
      return;
    }
    try {
      await (await import('./goToIdCommand.js')).openItemOnGateway(this.ctx, gateway, link.id);
    } catch (error) {
      // The document is open by then; only revealing its row can fail (the tree was redrawing): never an unhandled error.
      this.ctx.logger.warn(`Opening a link: revealing the item failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
