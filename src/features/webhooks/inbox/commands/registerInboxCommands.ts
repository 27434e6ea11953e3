/** Registers the Webhook Inbox's commands (the check in scripts/checkCommands.ts reads this record). */
import * as vscode from 'vscode';
import {
  clearInbox,
  clearInboxFilter,
  copyDeliveryAsCurl,
  copyInboxUrl,
  exportDeliveries,
  filterInbox,
  openDelivery,
  replayDelivery,
  replayDeliveryTo,
  startInbox,
  stopInbox,
  type InboxCommandContext,
} from './inboxCommands';

export function registerInboxCommands(ctx: InboxCommandContext): vscode.Disposable[] {
  const commands: Record<string, (...args: never[]) => unknown> = {
    'pageGateway.startWebhookInbox': (port?: unknown) => startInbox(ctx, port),
    'pageGateway.stopWebhookInbox': () => stopInbox(ctx),
    'pageGateway.copyWebhookInboxUrl': () => copyInboxUrl(ctx),
    'pageGateway.openDelivery': (arg?: unknown) => openDelivery(ctx, arg),
    'pageGateway.replayDelivery': (arg?: unknown, url?: unknown) => replayDelivery(ctx, arg, url),
    'pageGateway.replayDeliveryTo': (arg?: unknown) => replayDeliveryTo(ctx, arg),
    'pageGateway.copyDeliveryAsCurl': (arg?: unknown) => copyDeliveryAsCurl(ctx, arg),
    'pageGateway.exportDeliveries': (arg?: unknown) => exportDeliveries(ctx, arg),
    'pageGateway.filterWebhookInbox': (arg?: unknown) => filterInbox(ctx, arg),
    'pageGateway.clearWebhookInboxFilter': () => clearInboxFilter(ctx),
    'pageGateway.clearWebhookInbox': () => clearInbox(ctx),
  };
  return Object.entries(commands).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
