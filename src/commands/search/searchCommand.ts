/**
 * `pageGateway.search`: Search over the list it is run from (a row's list; else the first list that can be searched),
 * on the row's gateway, the gateway of the rows selected in that list's view, or every gateway that can be read. Asks
 * for what is missing first: a gateway, an API key.
 */
import * as vscode from 'vscode';
import type { Gateway } from '../../gateway/gateway';
import { noGatewayText, noKeyText, notSearchableText } from '../../text/searchText';
import type { CommandContext } from '../commandContext';
import { SearchSession } from './searchSession';
import { isSearchable, searchedGateways, searchedList } from './searchTarget';

export async function search(ctx: CommandContext, arg?: unknown): Promise<void> {
  const list = searchedList(ctx, arg);
  if (list === undefined) {
    return;
  }
  if (!isSearchable(list.kind)) {
    void vscode.window.showInformationMessage(notSearchableText(list.kind.words.heading()));
    return;
  }
  ctx.milestones.reached('searched');
  const gateways = await searchedGateways(ctx, list, arg);
  if (gateways.length === 0) {
    const text = noGatewayText();
    void vscode.window.showInformationMessage(text.message, text.action).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.addGateway');
      }
    });
    return;
  }
  const ready: Gateway[] = [];
  for (const gateway of gateways) {
    if ((await gateway.connection.state()).kind === 'ready') {
      ready.push(gateway);
    }
  }
  if (ready.length === 0) {
    const text = noKeyText();
    void vscode.window.showInformationMessage(text.message, text.action).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway: gateways[0] });
      }
    });
    return;
  }
  await new SearchSession(ctx, list.kind, ready).run();
}
