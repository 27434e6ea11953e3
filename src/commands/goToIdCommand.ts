/**
 * Go to ID: an item's id, or text that holds one (a URL, a JSON line, a log line; the editor's selection when there is
 * one). A loaded item is revealed and opened at once. Otherwise, on each ready gateway, every list that loads whole is
 * loaded (one request each) and every paged list is scanned, behind a cancellable notification; not found says how
 * much was scanned where.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { itemDocument } from '../documents/itemDocuments';
import type { Gateway } from '../gateway/gateway';
import type { ItemRef, ResourceKind } from '../model/resource';
import { listText } from '../l10n/lists';
import { loadWholeLists, scanForIds } from '../model/idSearch';
import { idCandidates } from '../model/textMatch';
import type { CommandContext } from './commandContext';
import { plainText } from '../text/surfaceText';

/** A selection longer than this is not taken as an id to look for. */
const MAX_SELECTION = 2000;
/** Characters of the not-found message in the input (it names what was typed and what was scanned where). */
const MAX_MESSAGE = 600;
/** Pages a scan that a link started requests before it asks whether to go on (a link anyone may write). */
export const LINK_SCAN_PAGES = 5;

export async function goToId(ctx: CommandContext, arg?: unknown): Promise<void> {
  const selected = typeof arg === 'string' ? arg : selectedText();
  if (selected === undefined) {
    await askAndGo(ctx);
    return;
  }
  const result = await lookUp(ctx, selected, ctx.registry.gateways());
  if (result.message !== undefined) {
    // The message names what was selected: shown as text (no link, no icon forms in a notification).
    void vscode.window.showInformationMessage(plainText(result.message, MAX_MESSAGE));
  }
  await openFound(ctx, result.found);
}

/**
 * Opens the item with exactly this id on `gateway` (a link's target), loading or scanning as Go to ID does. Sends
 * requests to that gateway only.
 */
export async function openItemOnGateway(ctx: CommandContext, gateway: Gateway, id: string): Promise<boolean> {
  const result = await lookUp(ctx, id, [gateway], [id], LINK_SCAN_PAGES);
  if (result.message !== undefined) {
    // The id comes from a link anyone may write: shown as text, never as a link or an icon.
    void vscode.window.showInformationMessage(plainText(result.message, MAX_MESSAGE));
  }
  await openFound(ctx, result.found);
  return result.found.length > 0;
}

/** What a look-up found, and when it found nothing why (no message when the user cancelled it or typed nothing). */
interface LookUp {
  readonly found: readonly ItemRef[];
  readonly message?: string;
}

/** Finds one of the ids `text` holds on `among`: loaded first, then searching. */
async function lookUp(ctx: CommandContext, text: string, among: readonly Gateway[], exactly?: readonly string[], askAfterPages?: number): Promise<LookUp> {
  if (text.trim() === '') {
    return { found: [] };
  }
  const whole = text.trim();
  const candidates = exactly ? [...exactly] : idCandidates(text);
  if (!candidates.includes(whole) && !/\s/.test(whole)) {
    candidates.unshift(whole);
  }
  const found = loaded(ctx, candidates, among);
  return found.length > 0 ? { found } : search(ctx, candidates, whole, among, askAfterPages);
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
  input.prompt = l10n.t({
    message: 'The id of a {0}, or text that holds one (a URL, a JSON line, a log line).',
    args: [listText(ctx.kinds.all().map((kind) => kind.words.one()), 'disjunction')],
    comment: '{0} is "page group or webhook subscription"',
  });
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
        const result = await lookUp(ctx, input.value, ctx.registry.gateways());
        searching = false;
        input.busy = false;
        if (result.found.length === 0) {
          if (result.message !== undefined) {
            // The input draws icons in its message: what was typed shows as text, bidi characters visible.
            input.validationMessage = { message: plainText(result.message, MAX_MESSAGE), severity: vscode.InputBoxValidationSeverity.Error };
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
  /** The paged kinds whose list was scanned to its end on this gateway. */
  readonly complete: Set<ResourceKind<unknown>>;
  /** The kinds whose scan stopped at their limit on this gateway. */
  readonly capped: Set<ResourceKind<unknown>>;
}

/** Loads the lists that load whole (one request each), then scans each paged list until one of the candidate ids shows up. */
async function search(ctx: CommandContext, candidates: readonly string[], shown: string, among: readonly Gateway[], askAfterPages = Number.POSITIVE_INFINITY): Promise<LookUp> {
  const gateways: Gateway[] = [];
  for (const gateway of among) {
    if ((await gateway.connection.state()).kind === 'ready') {
      gateways.push(gateway);
    }
  }
  if (gateways.length === 0) {
    return { found: [], message: l10n.t('“{0}” is not loaded, and no gateway can be searched: set an API key first.', shown) };
  }
  const kinds = ctx.kinds.all();
  const wanted = new Set(candidates);
  const scanned: Scanned[] = gateways.map((gateway) => ({ gateway, complete: new Set(), capped: new Set() }));
  let cancelled = false;
  const found = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Looking for “{0}”', plainText(shown)), cancellable: true },
    async (progress, token): Promise<ItemRef[]> => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => {
        cancelled = true;
        controller.abort();
      });
      try {
        await Promise.all(gateways.map((gateway) => loadWholeLists(gateway, kinds)));
        const inLists = loaded(ctx, candidates, among);
        if (inLists.length > 0 || controller.signal.aborted) {
          return inLists;
        }
        for (const entry of scanned) {
          let budget = askAfterPages;
          for (;;) {
            let scannedKind: ResourceKind<unknown> | undefined;
            let scannedCount = 0;
            const scan = await scanForIds(entry.gateway, kinds, wanted, {
              signal: controller.signal,
              maxPages: budget,
              onScanned: (kind, count) => {
                scannedKind = kind;
                scannedCount = count;
                progress.report({ message: l10n.t('{0} scanned on {1}…', kind.words.count(count), plainText(entry.gateway.name)) });
              },
            });
            scan.complete.forEach((kind) => entry.complete.add(kind));
            scan.capped.forEach((kind) => entry.capped.add(kind));
            if (scan.hit) {
              return loaded(ctx, candidates, among);
            }
            if (controller.signal.aborted) {
              return [];
            }
            const paused = scan.pages >= budget && kinds.some((kind) => kind.scan !== undefined && !scan.complete.has(kind) && !scan.capped.has(kind));
            if (!paused || scannedKind === undefined) {
              break;
            }
            // A link started this scan: a few pages are fine, more only when the user says so.
            const keep = l10n.t('Keep Looking');
            const answer = await vscode.window.showWarningMessage(
              l10n.t('“{0}” is not among the first {1} on {2}. Keep looking through the rest (one request per page)?', plainText(shown, 80), scannedKind.words.count(scannedCount), plainText(entry.gateway.name)),
              keep,
            );
            if (answer !== keep) {
              cancelled = true;
              controller.abort();
              return [];
            }
            budget = Number.POSITIVE_INFINITY;
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
        const counts = listText(kinds.map((kind) => kind.words.count([...kind.loaded(entry.gateway)].length)));
        const capped = [...entry.capped].map((kind) => kind.words.stoppedAtLimit?.([...kind.loaded(entry.gateway)].length, entry.gateway.name) ?? kind.words.notAllScanned());
        if (capped.length > 0) {
          return l10n.t({ message: '{0}: {1} scanned, then {2}', args: [entry.gateway.name, counts, listText(capped)], comment: '{2} says that loading stopped at the limit and which setting raises it' });
        }
        const partly = kinds.filter((kind) => kind.scan && !entry.complete.has(kind)).map((kind) => kind.words.notAllScanned());
        return partly.length === 0
          ? l10n.t('{0}: {1} scanned', entry.gateway.name, counts)
          : l10n.t({ message: '{0}: {1} scanned, {2}', args: [entry.gateway.name, counts, listText(partly)], comment: '{2} says which lists were not scanned to their end: "not every page group"' });
      })
      .join('; ');
    const what = listText(kinds.map((kind) => kind.words.one()), 'disjunction');
    return { found, message: l10n.t({ message: 'No {0} has the id “{1}” ({2}).', args: [what, shown, where], comment: '{0} is "page group or webhook subscription"' }) };
  }
  return { found };
}

async function choose(refs: readonly ItemRef[]): Promise<ItemRef | undefined> {
  const picked = await vscode.window.showQuickPick(
    refs.map((ref) => ({
      label: `$(${ref.kind.icon}) ${plainText(ref.kind.label(ref.item.value))}`,
      description: `${ref.kind.words.one()} · ${plainText(ref.gateway.name)}`,
      ref,
    })),
    { title: l10n.t('Page Gateway: Go to ID'), placeHolder: l10n.t('The id exists on several gateways: which one?') },
  );
  return picked?.ref;
}
