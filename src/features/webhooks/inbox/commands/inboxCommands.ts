/**
 * The Webhook Inbox's commands: Start (a port in use or not allowed: says so and offers another), Stop, Copy Inbox
 * URL, Open Delivery, Replay (to the handler, or to a URL typed), Copy as cURL, Export (NDJSON), Filter by event kind,
 * Clear. Tests and scripts may pass the answers as arguments (a port, a URL, an export target): nothing is asked then.
 */
import * as l10n from '@vscode/l10n';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { EVENT_KINDS } from '../../../../api/model';
import type { JsonDocumentProvider } from '../../../../documents/jsonDocumentProvider';
import { openFileSink } from '../../../../export/fileSink';
import { formatNumber } from '../../../../l10n/numbers';
import { setContext } from '../../../../ui/contextKey';
import type { Delivery } from '../model/delivery';
import { deliveryCurl } from '../model/deliveryCurl';
import { exactTarget, forwardUrl, type ForwardTarget } from '../model/forwarder';
import { ndjsonLine } from '../model/ndjson';
import { BindError } from '../model/receiver';
import { deliveryAddress } from '../view/deliveryDocuments';
import { deliveryDescription, deliveryLabel, outcomeText } from '../view/deliveryPresentation';
import { plainText, STATUS_MESSAGE_LENGTH } from '../../../../text/surfaceText';
import { writeSetting } from '../../../../config/settingsWriter';
import { isLoopbackName } from '../model/hostCheck';
import { INBOX_VIEW, type InboxNode, type InboxTree, type KindFilter } from '../view/inboxTree';
import type { InboxSession } from './inboxSession';

export interface InboxCommandContext {
  readonly session: InboxSession;
  readonly tree: InboxTree;
  readonly view: vscode.TreeView<InboxNode>;
  readonly documents: JsonDocumentProvider;
}

function status(text: string): void {
  vscode.window.setStatusBarMessage(text, 4000);
}

/** Starts the inbox; resolves with its local URL, or undefined when it could not start (the user was told why). */
export async function startInbox(ctx: InboxCommandContext, port?: unknown): Promise<string | undefined> {
  const { session } = ctx;
  if (session.running) {
    await showView(ctx);
    return session.localUrl();
  }
  // The setting's port, else the one picked at the last start in this window (a tunnel made for it keeps working).
  const wanted = typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : session.nextPort();
  try {
    await session.start(wanted);
  } catch (error) {
    if (!(error instanceof BindError)) {
      throw error;
    }
    return offerAnotherPort(ctx, error);
  }
  setContext('pageGateway.webhookInbox.ran', true);
  setContext('pageGateway.webhookInbox.running', true);
  await showView(ctx);
  status(`$(radio-tower) ${l10n.t('Webhook Inbox listening on {0}', plainText(session.shareableUrl() ?? '', STATUS_MESSAGE_LENGTH))}`);
  return session.localUrl();
}

async function offerAnotherPort(ctx: InboxCommandContext, error: BindError): Promise<string | undefined> {
  const port = String(error.port);
  const message =
    error.code === 'EADDRINUSE'
      ? l10n.t('The Webhook Inbox could not start: port {0} is already in use on 127.0.0.1.', port)
      : error.code === 'EACCES'
        ? l10n.t('The Webhook Inbox could not start: this editor is not allowed to listen on port {0}.', port)
        : l10n.t('The Webhook Inbox could not start on port {0} ({1}).', port, error.code);
  const anyPort = l10n.t('Use Any Free Port');
  const choose = l10n.t('Choose Another Port…');
  const answer = await vscode.window.showErrorMessage(message, anyPort, choose);
  if (answer === anyPort) {
    return startInbox(ctx, 0);
  }
  if (answer === choose) {
    const typed = await vscode.window.showInputBox({
      title: l10n.t('Start Webhook Inbox'),
      prompt: l10n.t('A port from 1024 to 65535, or 0 for any free port.'),
      value: '0',
      validateInput: (value) => (/^\d{1,5}$/.test(value.trim()) && Number(value) <= 65_535 ? undefined : l10n.t('Type a number from 0 to 65535.')),
    });
    return typed === undefined ? undefined : startInbox(ctx, Number(typed.trim()));
  }
  return undefined;
}

async function showView(ctx: InboxCommandContext): Promise<void> {
  if (!ctx.view.visible) {
    await vscode.commands.executeCommand(`${INBOX_VIEW}.focus`);
  }
}

export async function stopInbox(ctx: InboxCommandContext): Promise<void> {
  await ctx.session.stop();
  setContext('pageGateway.webhookInbox.running', false);
  status(`$(debug-stop) ${l10n.t('Webhook Inbox stopped')}`);
}

/** Copies the address to give the gateway (the public one, or the editor's forwarded one, or the local one). */
export async function copyInboxUrl(ctx: InboxCommandContext): Promise<string | undefined> {
  const url = ctx.session.shareableUrl();
  if (url === undefined) {
    const start = l10n.t('Start Webhook Inbox');
    if ((await vscode.window.showInformationMessage(l10n.t('The Webhook Inbox is not running.'), start)) === start) {
      await startInbox(ctx);
      return copyInboxUrl(ctx);
    }
    return undefined;
  }
  await vscode.env.clipboard.writeText(url);
  if (isLoopbackUrl(url)) {
    // A hosted gateway cannot reach a loopback address: say so, and how to get one it can reach.
    const setPublic = l10n.t('Set Public URL…');
    void vscode.window
      .showWarningMessage(
        l10n.t('Copied {0}: an address on this machine only, which a hosted gateway cannot reach. Expose the port {1} (the editor\'s port forwarding, or a tunnel), then set the public URL.', plainText(url, STATUS_MESSAGE_LENGTH), String(ctx.session.port ?? '')),
        setPublic,
      )
      .then((choice) => (choice === setPublic ? vscode.commands.executeCommand('pageGateway.setWebhookInboxPublicUrl') : undefined));
  } else {
    status(`$(check) ${l10n.t('Copied inbox URL {0}', plainText(url, STATUS_MESSAGE_LENGTH))}`);
  }
  return url;
}

/** The delivery a command argument stands for: a row, an id, the view's selection, or one picked. */
async function deliveryOf(ctx: InboxCommandContext, arg: unknown, title: string): Promise<Delivery | undefined> {
  if (typeof arg === 'object' && arg !== null && (arg as { kind?: unknown }).kind === 'delivery') {
    const id = (arg as { delivery: Delivery }).delivery.id;
    return ctx.session.inbox.get(id) ?? (arg as { delivery: Delivery }).delivery;
  }
  if (typeof arg === 'number') {
    return ctx.session.inbox.get(arg);
  }
  const selected = ctx.view.selection.find((node) => node.kind === 'delivery');
  if (selected?.kind === 'delivery') {
    return ctx.session.inbox.get(selected.delivery.id) ?? selected.delivery;
  }
  const deliveries = ctx.tree.shown();
  if (deliveries.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('The Webhook Inbox has no deliveries yet.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    deliveries.map((delivery) => ({ label: plainText(deliveryLabel(delivery)), description: plainText(deliveryDescription(delivery, [], false)), delivery })),
    { title, placeHolder: l10n.t('Which delivery?'), matchOnDescription: true },
  );
  return picked?.delivery;
}

export async function openDelivery(ctx: InboxCommandContext, arg?: unknown): Promise<void> {
  const delivery = await deliveryOf(ctx, arg, l10n.t('Open Delivery'));
  if (delivery) {
    await ctx.documents.open(deliveryAddress(delivery), undefined);
  }
}

/** Where a replay goes without asking: the handler (`forwardTo`), when set. */
function handlerTarget(ctx: InboxCommandContext, delivery: Delivery): ForwardTarget | undefined {
  const base = ctx.session.current.forwardTo;
  return base === '' ? undefined : forwardUrl(base, delivery.target);
}

function parseTypedUrl(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Replay: to the handler when `forwardTo` is set, else to a URL asked for. */
export async function replayDelivery(ctx: InboxCommandContext, arg?: unknown, url?: unknown): Promise<Delivery | undefined> {
  const delivery = await deliveryOf(ctx, arg, l10n.t('Replay Delivery'));
  if (!delivery) {
    return undefined;
  }
  const target = typeof url === 'string' ? parseTypedUrl(url) : undefined;
  const handler = target ? undefined : handlerTarget(ctx, delivery);
  if (handler !== undefined && !(await ctx.session.confirmForwarding(handler.origin))) {
    // A handler not on this machine that the user has not confirmed: nothing is sent there.
    return undefined;
  }
  const destination = target ? exactTarget(target) : handler ?? (await askUrl(ctx, delivery));
  return destination === undefined ? undefined : send(ctx, delivery, destination);
}

/** Replay to URL…: always asks (prefilled with the handler's URL for this delivery). */
export async function replayDeliveryTo(ctx: InboxCommandContext, arg?: unknown): Promise<Delivery | undefined> {
  const delivery = await deliveryOf(ctx, arg, l10n.t('Replay Delivery to URL'));
  const destination = delivery && (await askUrl(ctx, delivery));
  return delivery && destination ? send(ctx, delivery, destination) : undefined;
}

async function askUrl(ctx: InboxCommandContext, delivery: Delivery): Promise<ForwardTarget | undefined> {
  const suggested = handlerTarget(ctx, delivery)?.href ?? forwardUrl('http://localhost:3000', delivery.target)?.href ?? '';
  const typed = await vscode.window.showInputBox({
    title: l10n.t('Replay Delivery to URL'),
    prompt: l10n.t('The same method, headers and body are sent to this URL; the answer is recorded as a new row.'),
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (value) => (parseTypedUrl(value) ? undefined : l10n.t('Type an http:// or https:// URL.')),
  });
  const url = typed === undefined ? undefined : parseTypedUrl(typed);
  return url && exactTarget(url);
}

async function send(ctx: InboxCommandContext, delivery: Delivery, destination: ForwardTarget): Promise<Delivery> {
  const done = await vscode.window.withProgress(
    { location: { viewId: INBOX_VIEW } },
    () => ctx.session.replay(delivery, destination),
  );
  ctx.tree.refreshNow();
  const outcome = done.forward === undefined ? '' : outcomeText(done.forward);
  status(`$(debug-restart) ${l10n.t('Replayed delivery #{0} to {1}: {2}', String(delivery.id), plainText(destination.href, STATUS_MESSAGE_LENGTH), plainText(outcome))}`);
  return done;
}

/** The cURL command that replays a delivery to the handler (or, without one, to the inbox itself). */
export async function copyDeliveryAsCurl(ctx: InboxCommandContext, arg?: unknown): Promise<string | undefined> {
  const delivery = await deliveryOf(ctx, arg, l10n.t('Copy Delivery as cURL'));
  if (!delivery) {
    return undefined;
  }
  const base = ctx.session.current.forwardTo || ctx.session.localUrl() || 'http://localhost:3000';
  const url = forwardUrl(base, delivery.target)?.href ?? base;
  const command = deliveryCurl(delivery, url);
  await vscode.env.clipboard.writeText(command);
  status(`$(check) ${l10n.t('Copied cURL for {0} {1}', plainText(delivery.method, 16), plainText(url, STATUS_MESSAGE_LENGTH))}`);
  return command;
}

/** Export: every delivery kept (oldest first) as NDJSON. `target` (a path or Uri) skips the save dialog. */
export async function exportDeliveries(ctx: InboxCommandContext, arg?: unknown): Promise<{ written: number; target: string } | undefined> {
  const deliveries = ctx.session.inbox.deliveries().reverse();
  if (deliveries.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('The Webhook Inbox has no deliveries to export.'));
    return undefined;
  }
  const given = (arg as { target?: unknown } | undefined)?.target;
  const target =
    given instanceof vscode.Uri
      ? given
      : typeof given === 'string'
        ? vscode.Uri.file(given)
        : await vscode.window.showSaveDialog({
            title: l10n.t('Export Webhook Deliveries'),
            saveLabel: l10n.t('Export'),
            defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir()), 'webhook-deliveries.ndjson'),
            filters: { NDJSON: ['ndjson', 'jsonl'] },
          });
  if (target === undefined) {
    return undefined;
  }
  try {
    const sink = await openFileSink(target.fsPath);
    try {
      for (const delivery of deliveries) {
        const matches = ctx.session.matchesOf(delivery).map((m) => ({ gateway: m.gateway.name, subscription: m.subscription.value.id ?? '' }));
        await sink.write(ndjsonLine(delivery, matches));
      }
      await sink.commit();
    } catch (error) {
      await sink.abort();
      throw error;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(l10n.t('The deliveries could not be exported to {0}: {1}', target.fsPath, reason));
    return undefined;
  }
  status(`$(check) ${l10n.t('Exported {0} deliveries to {1}', formatNumber(deliveries.length), plainText(target.fsPath, STATUS_MESSAGE_LENGTH))}`);
  return { written: deliveries.length, target: target.toString() };
}

export async function filterInbox(ctx: InboxCommandContext, arg?: unknown): Promise<void> {
  const kinds: KindFilter[] = [...EVENT_KINDS, 'unknown'];
  let chosen: KindFilter | undefined;
  if (typeof arg === 'string' && (kinds as string[]).includes(arg)) {
    chosen = arg as KindFilter;
  } else {
    const counts = new Map<string, number>();
    ctx.session.inbox.deliveries().forEach((d) => counts.set(d.eventKind ?? 'unknown', (counts.get(d.eventKind ?? 'unknown') ?? 0) + 1));
    const picked = await vscode.window.showQuickPick(
      kinds.map((kind) => ({
        label: kind === 'unknown' ? l10n.t('unknown (no event kind found)') : kind,
        description: formatNumber(counts.get(kind) ?? 0),
        filter: kind,
        picked: ctx.tree.kindFilter === kind,
      })),
      { title: l10n.t('Filter Webhook Inbox by Event Kind'), placeHolder: l10n.t('Show only deliveries of this event kind') },
    );
    chosen = picked?.filter;
  }
  if (chosen !== undefined) {
    ctx.tree.setFilter(chosen);
    ctx.view.description = chosen;
    setContext('pageGateway.webhookInbox.filtered', true);
  }
}

export function clearInboxFilter(ctx: InboxCommandContext): void {
  ctx.tree.setFilter(undefined);
  ctx.view.description = undefined;
  setContext('pageGateway.webhookInbox.filtered', false);
}

/** Clears the inbox; a notification offers Undo (the deliveries come back, before any received since). */
export function clearInbox(ctx: InboxCommandContext): number {
  const cleared = ctx.session.inbox.clear();
  ctx.tree.refreshNow();
  if (cleared.length === 0) {
    return 0;
  }
  ctx.session.lastCleared = cleared;
  const undo = l10n.t('Undo');
  void vscode.window.showInformationMessage(l10n.t('Cleared {0} deliveries from the Webhook Inbox.', formatNumber(cleared.length)), undo).then((choice) => {
    if (choice === undo) {
      undoClearInbox(ctx);
    }
  });
  return cleared.length;
}

/** Puts back what the last Clear removed (the notification's Undo); returns how many came back. */
export function undoClearInbox(ctx: InboxCommandContext): number {
  const cleared = ctx.session.lastCleared;
  ctx.session.lastCleared = undefined;
  if (cleared === undefined) {
    return 0;
  }
  ctx.session.inbox.restore(cleared);
  ctx.tree.refreshNow();
  return cleared.length;
}

/**
 * Set Forwarding Target… / Set Public URL…: asks for the URL (prefilled with the current one; empty turns it off) and
 * writes it to the user settings (in a remote window, the remote machine's), where the inbox reads it. `value` skips
 * the question.
 */
export async function setInboxUrl(ctx: InboxCommandContext, which: 'forwardTo' | 'publicUrl', value?: unknown): Promise<string | undefined> {
  const current = which === 'forwardTo' ? ctx.session.current.forwardTo : ctx.session.current.publicUrl;
  const typed =
    typeof value === 'string'
      ? value
      : await vscode.window.showInputBox({
          title: which === 'forwardTo' ? l10n.t('Set Forwarding Target') : l10n.t('Set Public URL'),
          prompt:
            which === 'forwardTo'
              ? l10n.t('Your handler\'s base URL, e.g. http://localhost:3000: every delivery is sent on to it. Empty: deliveries are answered 200 and not forwarded.')
              : l10n.t('The address the gateway reaches the inbox at: your tunnel\'s or the editor\'s forwarded URL for port {0}. Empty: none.', String(ctx.session.port ?? ctx.session.nextPort() ?? '')),
          value: current || (which === 'publicUrl' ? ctx.session.external() ?? '' : 'http://localhost:3000'),
          ignoreFocusOut: true,
          validateInput: (text) => (text.trim() === '' || withoutCredentials(parseTypedUrl(text)) ? undefined : l10n.t('Type an http:// or https:// URL without user name or password, or nothing.')),
        });
  if (typed === undefined) {
    return undefined;
  }
  const text = typed.trim();
  if (text !== '') {
    if (!withoutCredentials(parseTypedUrl(text))) {
      void vscode.window.showErrorMessage(l10n.t('Type an http:// or https:// URL without user name or password, or nothing.'));
      return undefined;
    }
  }
  const written = await writeSetting(`webhookInbox.${which}`, text === '' ? undefined : text);
  status(`$(check) ${text === '' ? l10n.t('{0} cleared in your {1}', `pageGateway.webhookInbox.${which}`, written.where) : l10n.t('{0} set to {1} in your {2}', `pageGateway.webhookInbox.${which}`, plainText(text, STATUS_MESSAGE_LENGTH), written.where)}`);
  return text;
}

function withoutCredentials(url: URL | undefined): boolean {
  return url !== undefined && url.username === '' && url.password === '';
}

function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackName(new URL(url).hostname);
  } catch {
    return false;
  }
}
