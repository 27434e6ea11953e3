/**
 * Registers the Webhook Inbox's commands (the check in scripts/checkCommands.ts reads this record). Their code is
 * loaded the first time one runs (dist/onDemand.js, esbuild.mjs).
 */
import * as vscode from 'vscode';
import type { InboxCommandContext } from './inboxCommands';

export function registerInboxCommands(ctx: InboxCommandContext): vscode.Disposable[] {
  const commands = (): Promise<typeof import('./inboxCommands.js')> => import('./inboxCommands.js');
  const handlers: Record<string, (...args: never[]) => unknown> = {
    'pageGateway.startWebhookInbox': async (port?: unknown) => (await commands()).startInbox(ctx, port),
    'pageGateway.stopWebhookInbox': async () => (await commands()).stopInbox(ctx),
    'pageGateway.copyWebhookInboxUrl': async () => (await commands()).copyInboxUrl(ctx),
    'pageGateway.openDelivery': async (arg?: unknown) => (await commands()).openDelivery(ctx, arg),
    'pageGateway.replayDelivery': async (arg?: unknown, url?: unknown) => (await commands()).replayDelivery(ctx, arg, url),
    'pageGateway.replayDeliveryTo': async (arg?: unknown) => (await commands()).replayDeliveryTo(ctx, arg),
    'pageGateway.copyDeliveryAsCurl': async (arg?: unknown) => (await commands()).copyDeliveryAsCurl(ctx, arg),
    'pageGateway.exportDeliveries': async (arg?: unknown) => (await commands()).exportDeliveries(ctx, arg),
    'pageGateway.filterWebhookInbox': async (arg?: unknown) => (await commands()).filterInbox(ctx, arg),
    'pageGateway.clearWebhookInboxFilter': async () => (await commands()).clearInboxFilter(ctx),
    'pageGateway.clearWebhookInbox': async () => (await commands()).clearInbox(ctx),
    'pageGateway.undoClearWebhookInbox': async () => (await commands()).undoClearInbox(ctx),
    'pageGateway.setWebhookInboxForwardTo': async (value?: unknown) => (await commands()).setInboxUrl(ctx, 'forwardTo', value),
    'pageGateway.setWebhookInboxPublicUrl': async (value?: unknown) => (await commands()).setInboxUrl(ctx, 'publicUrl', value),
  };
  return Object.entries(handlers).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
