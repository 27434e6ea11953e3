/**
 * Go to ID: a page group or webhook subscription id, or text that holds one (a URL, a JSON line, a log line; the
 * editor's selection when there is one). A loaded item is revealed and opened at once. Otherwise each ready gateway's
 * webhook list is loaded (one request) and its page groups are scanned as in Search, behind a cancellable
 * notification; not found says how much was scanned where.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { itemDocument } from '../documents/itemDocuments';
import type { Gateway } from '../gateway/gateway';
import type { ItemRef } from '../resources/resource';
import { RESOURCE_KINDS } from '../resources/kinds';
import { scanPageGroups } from '../views/pageGroups/pageGroupScan';
import { pageGroupCount } from '../views/pageGroups/pageGroupWords';
import { listText } from '../l10n/lists';
import { idCandidates } from '../views/search/textMatch';
import type { CommandContext } from './commandContext';

/** A selection longer than this is not taken as an id to look for. */
const MAX_SELECTION = 2000;

export async function goToId(ctx: CommandContext, arg?: unknown): Promise<void> {
  const text = typeof arg === 'string' ? arg : await askText();
  if (text === undefined || text.trim() === '') {
    return;
  }
  const candidates = idCandidates(text);
  const whole = text.trim();
  if (!candidates.includes(whole) && !/\s/.test(whole)) {
    candidates.unshift(whole);
  }
  await findAndOpen(ctx, candidates, whole, ctx.registry.gateways());
}

/**
 * Opens the item with exactly this id on `gateway` (a link's target), loading or scanning as Go to ID does. Sends
 * requests to that gateway only.
 */
export function openItemOnGateway(ctx: CommandContext, gateway: Gateway, id: string): Promise<boolean> {
  return findAndOpen(ctx, [id], id, [gateway]);
}

/** Finds one of the candidate ids on `among` (loaded first, then searching), opens it and reveals it. */
async function findAndOpen(ctx: CommandContext, candidates: readonly string[], shown: string, among: readonly Gateway[]): Promise<boolean> {
  let found = loaded(ctx, candidates, among);
  if (found.length === 0) {
    found = await search(ctx, candidates, shown, among);
  }
  const ref = found.length > 1 ? await choose(found) : found[0];
  if (ref) {
    const doc = itemDocument(ref);
    await ctx.documents.open(doc.address, doc.snapshot);
    await ctx.reveal.reveal(ref, { load: true });
  }
  return ref !== undefined;
}

async function askText(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
  if (selection !== '' && selection.length <= MAX_SELECTION) {
    return selection;
  }
  return vscode.window.showInputBox({
    title: l10n.t('Page Gateway: Go to ID'),
    prompt: l10n.t('A page group or webhook subscription id, or text that holds one (a URL, a JSON line, a log line).'),
    // l10n-ignore: example ids, a URL and JSON, the same in every language
    placeHolder: 'pg_000123, https://…/page-groups/pg_000123, {"pageGroupId":"pg_000123"}',
    ignoreFocusOut: true,
  });
}

function loaded(ctx: CommandContext, candidates: readonly string[], among: readonly Gateway[]): ItemRef[] {
  ctx.ids.invalidate();
  for (const id of candidates) {
    const refs = ctx.ids.lookup(id).filter((ref) => among.includes(ref.gateway));
    if (refs.length > 0) {
      return [...refs];
    }
  }
  return [];
}

interface Scanned {
  readonly gateway: Gateway;
  complete: boolean;
}

/** Loads webhook lists (one request per gateway), then scans page groups until one of the candidate ids shows up. */
async function search(ctx: CommandContext, candidates: readonly string[], shown: string, among: readonly Gateway[]): Promise<ItemRef[]> {
  const gateways: Gateway[] = [];
  for (const gateway of among) {
    if ((await gateway.connection.state()).kind === 'ready') {
      gateways.push(gateway);
    }
  }
  if (gateways.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('“{0}” is not loaded, and no gateway can be searched: set an API key first.', shown));
    return [];
  }
  const wanted = new Set(candidates);
  const scanned: Scanned[] = gateways.map((gateway) => ({ gateway, complete: false }));
  let cancelled = false;
  const found = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Looking for “{0}”', shown), cancellable: true },
    async (progress, token): Promise<ItemRef[]> => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => {
        cancelled = true;
        controller.abort();
      });
      try {
        for (const kind of RESOURCE_KINDS) {
          if (kind.ensureLoaded) {
            await Promise.all(gateways.map((gateway) => kind.ensureLoaded?.(gateway)));
          }
        }
        const inLists = loaded(ctx, candidates, among);
        if (inLists.length > 0 || controller.signal.aborted) {
          return inLists;
        }
        for (const entry of scanned) {
          let hit = false;
          const scan = new AbortController();
          const stop = (): void => scan.abort();
          controller.signal.addEventListener('abort', stop, { once: true });
          const outcome = await scanPageGroups(ctx.pageGroups.model(entry.gateway), scan.signal, (items, state) => {
            progress.report({ message: l10n.t('{0} scanned on {1}…', pageGroupCount(state.scanned), entry.gateway.name) });
            if (items.some((item) => item.value.pageGroupId !== undefined && wanted.has(item.value.pageGroupId))) {
              hit = true;
              scan.abort();
            }
          });
          controller.signal.removeEventListener('abort', stop);
          entry.complete = outcome === 'complete';
          if (hit) {
            return loaded(ctx, candidates, among);
          }
          if (controller.signal.aborted) {
            return [];
          }
        }
        return [];
      } finally {
        subscription.dispose();
      }
    },
  );
  if (found.length === 0 && !cancelled) {
    const where = scanned
      .map((entry) => {
        const counts = listText(RESOURCE_KINDS.map((kind) => kind.words.count([...kind.loaded(entry.gateway)].length)));
        return entry.complete
          ? l10n.t('{0}: {1} scanned', entry.gateway.name, counts)
          : l10n.t('{0}: {1} scanned, not every page group', entry.gateway.name, counts);
      })
      .join('; ');
    void vscode.window.showInformationMessage(l10n.t('No page group or webhook subscription has the id “{0}” ({1}).', shown, where));
  }
  return found;
}

async function choose(refs: readonly ItemRef[]): Promise<ItemRef | undefined> {
  const picked = await vscode.window.showQuickPick(
    refs.map((ref) => ({
      label: `$(${ref.kind.icon}) ${ref.kind.label(ref.item.value)}`,
      description: `${ref.kind.words.one()} · ${ref.gateway.name}`,
      ref,
    })),
    { title: l10n.t('Page Gateway: Go to ID'), placeHolder: l10n.t('The id exists on several gateways: which one?') },
  );
  return picked?.ref;
}
