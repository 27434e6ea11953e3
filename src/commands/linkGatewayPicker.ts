/**
 * The question a link asks when no configured gateway has its gateway's name and none (or several) are on its host:
 * which gateway to open the item on, or Add Gateway…. Nothing is sent before the user picks.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Gateway } from '../gateway/gateway';
import { gatewayRowDescription } from '../gateway/gatewayText';
import type { ItemLinkTarget } from '../model/itemLink';
import { plainText } from '../text/surfaceText';

interface LinkGatewayPick extends vscode.QuickPickItem {
  readonly gateway?: Gateway;
}

/** A value from a link as a title shows it: at most this many characters. */
const SHOWN = 60;

/** The gateway the user picks for the link, or undefined (closed, or Add Gateway… chosen: that command runs). */
export async function pickLinkGateway(link: ItemLinkTarget, among: readonly Gateway[]): Promise<Gateway | undefined> {
  const picks: LinkGatewayPick[] = [
    ...among.map((gateway) => ({
      label: `$(server-environment) ${plainText(gateway.name)}`,
      description: plainText(gatewayRowDescription(gateway.name, gateway.address, undefined)),
      gateway,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(add) ${l10n.t('Add Gateway…')}` },
  ];
  const from = link.host === undefined ? link.gateway : l10n.t({ message: '{0} ({1})', args: [link.gateway, link.host], comment: 'a gateway name, then its address: "staging (api.example.com)"' });
  const picked = await vscode.window.showQuickPick(picks, {
    title: l10n.t('Open “{0}” of {1} on…', plainText(link.id, SHOWN), plainText(from, SHOWN)),
    placeHolder:
      link.host !== undefined && among.length > 1 && among.every((gateway) => gateway.host === link.host)
        ? l10n.t('Several gateways are at {0}. Which one holds it?', plainText(link.host, SHOWN))
        : l10n.t('No gateway here is named “{0}”. Which one holds it?', plainText(link.gateway, SHOWN)),
  });
  if (picked && picked.gateway === undefined) {
    void vscode.commands.executeCommand('pageGateway.addGateway');
  }
  return picked?.gateway;
}
