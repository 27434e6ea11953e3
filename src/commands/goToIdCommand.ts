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
  const selected = typeof arg === 'string' ? arg : selectedText();
  if (selected === undefined) {
    await askAndGo(ctx);
    return;
  }
  const result = await lookUp(ctx, selected);
  if (result.message !== undefined) {
    void vscode.window.showInformationMessage(result.message);
  }
  await openFound(ctx, result.found);
}

/** What a look-up found, and when it found nothing why (no message when the user cancelled it or typed nothing). */
interface LookUp {
  readonly found: readonly ItemRef[];
  readonly message?: string;
}

async function lookUp(ctx: CommandContext, text: string): Promise<LookUp> {
  if (text.trim() === '') {
    return { found: [] };
  }
  const candidates = idCandidates(text);
  const whole = text.trim();
  if (!candidates.includes(whole) && !/\s/.test(whole)) {
    candidates.unshift(whole);
  }
  const found = loaded(ctx, candidates);
  return found.length > 0 ? { found } : search(ctx, candidates, whole);
}

async function openFound(ctx: CommandContext, found: readonly ItemRef[]): Promise<void> {
  const ref = found.length > 1 ? await choose(found) : found[0];
  if (ref) {
    const doc = itemDocument(ref);
    await ctx.documents.open(doc.address, doc.snapshot);
    await ctx.reveal.reveal(ref, { load: true });
  }
}

function selectedText(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
  return selection !== '' && selection.length <= MAX_SELECTION ? selection : undefined;
}

/**
 * The input stays open while the gateways are searched and when nothing is found: the reason is its validation
 * message (as Go to Line does), so the user corrects what they typed instead of typing it again.
 */
function askAndGo(ctx: CommandContext): Promise<void> {
  const input = vscode.window.createInputBox();
  input.title = l10n.t('Page Gateway: Go to ID');
  input.prompt = l10n.t('A page group or webhook subscription id, or text that holds one (a URL, a JSON line, a log line).');
  // l10n-ignore: example ids, a URL and JSON, the same in every language
  input.placeholder = 'pg_000123, https://…/page-groups/pg_000123, {"pageGroupId":"pg_000123"}';
  input.ignoreFocusOut = true;
  return new Promise<void>((resolve) => {
    let searching = false;
    const subscriptions = [
      input.onDidChangeValue(() => {
        input.validationMessage = undefined;
      }),
      input.onDidAccept(async () => {
        if (searching || input.value.trim() === '') {
          return;
        }
        searching = true;
        input.busy = true;
        input.validationMessage = undefined;
        const result = await lookUp(ctx, input.value);
        searching = false;
        input.busy = false;
        if (result.found.length === 0) {
          if (result.message !== undefined) {
            input.validationMessage = { message: result.message, severity: vscode.InputBoxValidationSeverity.Error };
          }
          return;
        }
        input.hide();
        await openFound(ctx, result.found);
      }),
      input.onDidHide(() => {
        subscriptions.forEach((subscription) => subscription.dispose());
        input.dispose();
        resolve();
      }),
    ];
    input.show();
  });
}

function loaded(ctx: CommandContext, candidates: readonly string[]): ItemRef[] {
  ctx.ids.invalidate();
  for (const id of candidates) {
    const refs = ctx.ids.lookup(id);
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
async function search(ctx: CommandContext, candidates: readonly string[], shown: string): Promise<LookUp> {
  const gateways: Gateway[] = [];
  for (const gateway of ctx.registry.gateways()) {
    if ((await gateway.connection.state()).kind === 'ready') {
      gateways.push(gateway);
    }
  }
  if (gateways.length === 0) {
    return { found: [], message: l10n.t('“{0}” is not loaded, and no gateway can be searched: set an API key first.', shown) };
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
        const inLists = loaded(ctx, candidates);
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
            return loaded(ctx, candidates);
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
    return { found, message: l10n.t('No page group or webhook subscription has the id “{0}” ({1}).', shown, where) };
  }
  return { found };
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
