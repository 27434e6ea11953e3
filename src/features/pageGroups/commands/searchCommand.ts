/**
 * Search Page Groups: a quick pick that matches what is typed against id, name, title, tenant and brand. Loaded page
 * groups match at once; the rest of each searched gateway is streamed (the unfiltered chain continues at limit=100)
 * and matches appear as pages arrive. Typing only filters; closing the pick stops the scan (the request in flight is
 * aborted). Pages scanned stay loaded in the tree's model, so searching again sends no request until a refresh.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import { itemDocument } from '../../../documents/itemDocuments';
import type { Gateway } from '../../../gateway/gateway';
import type { ItemRef, ScanOutcome } from '../../../model/resource';
import { describeGatewayError } from '../../../text/errorText';
import { PAGE_GROUP_WORDS } from '../text/pageGroupWords';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from '../pageGroupKind';
import { pageGroupLabel } from '../text/pageGroupPresentation';
import { groupLabel } from '../text/groupPresentation';
import { NO_STATUS } from '../model/pageGroupsModel';
import { pageGroupCount } from '../text/pageGroupWords';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { scanPageGroups } from '../model/pageGroupScan';
import { pageGroupCandidate, type PageGroupCandidate } from '../model/pageGroupCandidate';
import { pageGroupMatcher } from '../model/pageGroupMatch';
import { prepareQuery, type PreparedQuery } from '../../../model/textMatch';
import type { CommandContext } from '../../../commands/commandContext';
import { runExport } from '../../../commands/exportCommand';
import { listPlan } from '../../../model/exportPlan';
import { gatewayOf, pickGateway } from '../../../commands/gatewayPicker';
import { gatewayCondition } from '../../../gateway/gatewayText';
import { DETAIL_LENGTH, plainText, STATUS_MESSAGE_LENGTH } from '../../../text/surfaceText';
import { capMessage, MAX_LOADED_SETTING } from '../text/loadLimitText';

/** The pick shows at most this many matches, then how many more there are. */
export const MAX_SHOWN = 200;
/**
 * Candidates are taken this many page groups at a time, then the extension host gets its event loop back: typing
 * stays responsive while a large list is taken, and each batch is matched as it comes.
 */
const CANDIDATE_BATCH = 5_000;
/**
 * While only the count of matches not listed changes (a scan adding matches beyond the first MAX_SHOWN), the list is
 * sent to the editor again at most this often (ms).
 */
const COUNT_ONLY_INTERVAL = 1_000;

interface Candidate extends PageGroupCandidate {
  readonly gateway: Gateway;
}

interface ResultPick extends vscode.QuickPickItem {
  readonly candidate?: Candidate;
  readonly retry?: Gateway;
}

type ScanState = { readonly kind: 'scanning' | ScanOutcome; readonly scanned: number; readonly error?: string };

interface ResultButtons {
  readonly open: vscode.QuickInputButton;
  readonly copy: vscode.QuickInputButton;
  readonly reveal: vscode.QuickInputButton;
  readonly export: vscode.QuickInputButton;
}

/** Made per search: their tooltips are looked up after activation has loaded the bundle. */
function resultButtons(): ResultButtons {
  return {
    open: { iconPath: new vscode.ThemeIcon('json'), tooltip: l10n.t('Open as JSON') },
    copy: { iconPath: new vscode.ThemeIcon('copy'), tooltip: l10n.t('Copy ID') },
    reveal: { iconPath: new vscode.ThemeIcon('list-tree'), tooltip: l10n.t('Reveal in Tree') },
    export: { iconPath: new vscode.ThemeIcon('export'), tooltip: l10n.t('Export the Matches…') },
  };
}

function refOf(candidate: Candidate): ItemRef {
  return { gateway: candidate.gateway, kind: PAGE_GROUP, item: candidate.item } as ItemRef;
}

/**
 * The gateways a search covers, never asking: the row's gateway; else the gateway of the rows selected in a view of
 * ours (all of one gateway); else every gateway that can be read, except one the last answers showed unreachable or
 * rejecting its key (unless it is the only one: then it is tried, and its scan says what is wrong).
 */
export async function searchedGateways(ctx: CommandContext, arg: unknown): Promise<Gateway[]> {
  const fromRow = gatewayOf(arg);
  if (fromRow) {
    return [fromRow];
  }
  const selected = new Set(ctx.lists.flatMap((list) => (list.view.visible ? list.view.selection : [])).map(gatewayOf).filter((gateway) => gateway !== undefined));
  if (selected.size === 1) {
    return [...selected];
  }
  const all = ctx.registry.gateways();
  const usable: Gateway[] = [];
  for (const gateway of all) {
    if (gatewayCondition((await gateway.connection.state()).kind, gateway.connection.health) === 'ready') {
      usable.push(gateway);
    }
  }
  return usable.length > 0 ? usable : all;
}

export async function searchPageGroups(ctx: CommandContext, arg?: unknown): Promise<void> {
  ctx.milestones.reached('searched');
  const gateways = await searchedGateways(ctx, arg);
  if (gateways.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('No gateway is configured yet.'), l10n.t('Add Gateway…')).then((choice) => {
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
    if (gateways.length > 0) {
      void vscode.window.showInformationMessage(l10n.t('Set the API key of the gateway first: nothing can be searched without it.'), l10n.t('Set API Key…')).then((choice) => {
        if (choice) {
          void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway: gateways[0] });
        }
      });
    }
    return;
  }
  await new SearchSession(ctx, ready).run();
}

class SearchSession {
  private readonly pick = vscode.window.createQuickPick<ResultPick>();
  /** The candidates, each page group once per gateway and id, in the order they came; `candidateGateways` in step. */
  private readonly candidates: CheckedPageGroup[] = [];
  private readonly candidateGateways: Gateway[] = [];
  private readonly seen = new Map<Gateway, Set<string>>();
  private readonly states = new Map<Gateway, ScanState>();
  private readonly controller = new AbortController();
  private readonly buttons = resultButtons();
  private query: PreparedQuery = prepareQuery('');
  private isMatch: (item: CheckedPageGroup) => boolean = () => true;
  /** Indexes in `candidates` of the matches of `query`, in order; `matchedUpTo` candidates were tested. */
  private matched: number[] = [];
  private matchedUpTo = 0;
  /** The rows of the first matches (at most MAX_SHOWN), made once per query. */
  private matchRows: ResultPick[] = [];
  /** What the pick's list was last made of, and when (see COUNT_ONLY_INTERVAL). */
  private shown: { readonly rows: readonly ResultPick[]; readonly rowCount: number; readonly notes: string; readonly more: number; readonly at: number } | undefined;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  /** Page groups waiting to become candidates, oldest first; `next` is the first of `items` not made yet. */
  private readonly waiting: Array<{ readonly gateway: Gateway; readonly items: readonly CheckedPageGroup[]; next: number }> = [];
  private adding: ReturnType<typeof setImmediate> | undefined;

  public constructor(
    private readonly ctx: CommandContext,
    private readonly gateways: readonly Gateway[],
  ) {}

  public run(): Promise<void> {
    const pick = this.pick;
    pick.title = l10n.t('Search Page Groups');
    pick.placeholder = l10n.t('Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id');
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.keepScrollPosition = true;
    for (const gateway of this.gateways) {
      this.seen.set(gateway, new Set());
      this.add(gateway, gateway.store(PAGE_GROUPS_STORE).allLoaded());
    }
    return new Promise<void>((resolve) => {
      pick.onDidChangeValue((value) => {
        this.query = prepareQuery(value);
        const matcher = pageGroupMatcher(this.query);
        this.isMatch = (item) => matcher(item.value);
        this.matched = [];
        this.matchedUpTo = 0;
        this.matchRows = [];
        this.render();
      });
      pick.onDidAccept(() => void this.accept(pick.selectedItems[0]));
      pick.onDidTriggerItemButton((event) => void this.button(event.item, event.button));
      pick.buttons = [this.buttons.export];
      pick.onDidTriggerButton((button) => {
        if (button === this.buttons.export) {
          void this.exportMatches();
        }
      });
      pick.onDidHide(() => {
        this.controller.abort();
        if (this.adding !== undefined) {
          clearImmediate(this.adding);
        }
        this.waiting.length = 0;
        if (this.renderTimer !== undefined) {
          clearTimeout(this.renderTimer);
        }
        pick.dispose();
        resolve();
      });
      this.render();
      pick.show();
      for (const gateway of this.gateways) {
        void this.scan(gateway);
      }
    });
  }

  /** Makes candidates of `items`: the first batch at once, the rest on the next turns of the event loop. */
  private add(gateway: Gateway, items: readonly CheckedPageGroup[]): void {
    if (items.length === 0) {
      return;
    }
    this.waiting.push({ gateway, items, next: 0 });
    if (this.adding === undefined) {
      this.addBatch();
    }
  }

  private addBatch(): void {
    this.adding = undefined;
    let budget = CANDIDATE_BATCH;
    while (budget > 0 && this.waiting.length > 0) {
      const batch = this.waiting[0] as (typeof this.waiting)[number];
      const seen = this.seen.get(batch.gateway) as Set<string>;
      const end = Math.min(batch.items.length, batch.next + budget);
      budget -= end - batch.next;
      for (; batch.next < end; batch.next += 1) {
        const candidate = pageGroupCandidate(batch.items[batch.next] as CheckedPageGroup, seen);
        if (candidate !== undefined) {
          this.candidates.push(candidate.item);
          this.candidateGateways.push(batch.gateway);
        }
      }
      if (batch.next === batch.items.length) {
        this.waiting.shift();
      }
    }
    this.scheduleRender();
    if (this.waiting.length > 0 && !this.controller.signal.aborted) {
      this.adding = setImmediate(() => this.addBatch());
    }
  }

  private async scan(gateway: Gateway): Promise<void> {
    const model = gateway.store(PAGE_GROUPS_STORE);
    this.states.set(gateway, { kind: 'scanning', scanned: model.discovery.items.length });
    this.render();
    const outcome = await scanPageGroups(model, this.controller.signal, (items, progress) => {
      this.add(gateway, items);
      this.states.set(gateway, { kind: 'scanning', scanned: progress.scanned });
      this.scheduleRender();
    });
    if (this.controller.signal.aborted) {
      return;
    }
    const error = model.discovery.error;
    this.states.set(gateway, {
      kind: outcome,
      scanned: model.discovery.items.length,
      ...(outcome === 'failed' && error ? { error: describeGatewayError(error, PAGE_GROUP_WORDS) } : {}),
    });
    this.render();
  }

  /** Pages can arrive fast: the list is rebuilt at most every 100 ms. */
  private scheduleRender(): void {
    if (this.renderTimer === undefined) {
      this.renderTimer = setTimeout(() => {
        this.renderTimer = undefined;
        this.render();
      }, 100);
    }
  }

  /** The candidate at `index` in `candidates`. */
  private candidate(index: number): Candidate {
    const item = this.candidates[index] as CheckedPageGroup;
    return { gateway: this.candidateGateways[index] as Gateway, item, id: item.value.pageGroupId };
  }

  private render(): void {
    const isMatch = this.isMatch;
    for (; this.matchedUpTo < this.candidates.length; this.matchedUpTo += 1) {
      if (isMatch(this.candidates[this.matchedUpTo] as CheckedPageGroup)) {
        this.matched.push(this.matchedUpTo);
      }
    }
    const several = this.gateways.length > 1;
    const notes: ResultPick[] = [];
    for (const [gateway, state] of this.states) {
      if (state.kind === 'failed') {
        notes.push({
          label: `$(error) ${several ? l10n.t("Couldn't scan all page groups of {0} — retry", plainText(gateway.name)) : l10n.t("Couldn't scan all page groups — retry")}`,
          detail: state.error === undefined ? undefined : plainText(state.error, DETAIL_LENGTH),
          alwaysShow: true,
          retry: gateway,
        });
      } else if (state.kind === 'capped') {
        const limit = gateway.store(PAGE_GROUPS_STORE).capReached() ?? this.ctx.settings().maxLoadedPageGroups;
        notes.push({ label: `$(warning) ${capMessage(limit, several ? gateway.name : undefined)}`, alwaysShow: true });
      }
    }
    for (let at = this.matchRows.length; at < Math.min(MAX_SHOWN, this.matched.length); at += 1) {
      const candidate = this.candidate(this.matched[at] as number);
      const v = candidate.item.value;
      this.matchRows.push({
        label: `$(files) ${plainText(pageGroupLabel(v))}`,
        description: plainText(several ? [candidate.id, candidate.gateway.name].filter((x) => x !== undefined).join(' · ') : (candidate.id ?? '')),
        detail: plainText(
          [v.status ?? groupLabel(NO_STATUS), v.name, v.tenantId && l10n.t('tenant {0}', v.tenantId), v.brandId && l10n.t('brand {0}', v.brandId)]
            .filter((x) => !!x)
            .join(' · '),
          DETAIL_LENGTH,
        ),
        alwaysShow: true,
        buttons: [this.buttons.open, this.buttons.copy, this.buttons.reveal],
        candidate,
      });
    }
    this.showRows(notes);
    this.pick.busy = this.waiting.length > 0 || [...this.states.values()].some((state) => state.kind === 'scanning');
    this.pick.title = l10n.t('Search Page Groups — {0}', this.progressText());
  }

  /**
   * Gives the pick its list when it changed: the notes, the rows of the first matches, and the count of the others.
   * When only that count changed, at most every COUNT_ONLY_INTERVAL ms, and whenever nothing is being scanned or taken.
   */
  private showRows(notes: readonly ResultPick[]): void {
    const more = Math.max(0, this.matched.length - MAX_SHOWN);
    const rows = this.matchRows;
    const noteText = notes.map((note) => `${note.label}\u0000${note.detail ?? ''}`).join('\u0001');
    const now = performance.now();
    const last = this.shown;
    if (last !== undefined && last.rows === rows && last.rowCount === rows.length && last.notes === noteText) {
      const settled = this.waiting.length === 0 && ![...this.states.values()].some((state) => state.kind === 'scanning');
      if (last.more === more || (!settled && now - last.at < COUNT_ONLY_INTERVAL)) {
        return;
      }
    }
    this.shown = { rows, rowCount: rows.length, notes: noteText, more, at: now };
    const items: ResultPick[] = [...notes, ...rows];
    if (more > 0) {
      items.push({ label: moreMatchesText(more), kind: vscode.QuickPickItemKind.Separator });
    }
    const active = this.pick.activeItems[0]?.candidate;
    this.pick.items = items;
    if (active) {
      const again = items.find((item) => item.candidate?.item === active.item && item.candidate.gateway === active.gateway);
      if (again) {
        this.pick.activeItems = [again];
      }
    }
  }

  private progressText(): string {
    const several = this.gateways.length > 1;
    const parts = this.gateways.map((gateway) => {
      const state = this.states.get(gateway);
      const scanned = state?.scanned ?? 0;
      const n = formatNumber(scanned);
      const text =
        state?.kind === 'complete'
          ? l10n.t('all {0} scanned', n)
          : state?.kind === 'scanning' || state === undefined
            ? l10n.t('{0} scanned…', pageGroupCount(scanned))
            : state.kind === 'failed'
              ? l10n.t('{0} scanned, then a page failed', n)
              : state.kind === 'capped'
                ? l10n.t('{0} scanned, stopped at {1}', n, MAX_LOADED_SETTING)
                : l10n.t('{0} scanned, paging stopped early', n);
      return several ? l10n.t({ message: '{0}: {1}', args: [gateway.name, text], comment: 'a gateway name, then how far its scan got' }) : text;
    });
    if (this.query.text !== '') {
      parts.push(matchesText(this.matched.length));
    }
    return parts.join(' · ');
  }

  /** The export button: every match so far (not only the ones listed), of one gateway, as the server sent them. */
  private async exportMatches(): Promise<void> {
    this.render();
    const matched = this.matched.map((index) => this.candidate(index));
    const query = this.pick.value.trim();
    // Closing the pick stops the scan: what it reached is kept for the note.
    const states = new Map(this.states);
    const gateways = this.gateways.filter((gateway) => matched.some((candidate) => candidate.gateway === gateway));
    if (gateways.length === 0) {
      void vscode.window.showInformationMessage(l10n.t('No page groups match: nothing to export.'));
      return;
    }
    this.pick.hide();
    const gateway =
      gateways.length === 1 ? gateways[0] : await pickGateway(this.ctx.registry, undefined, {
            title: l10n.t('Page Gateway: Export the Matches'),
            placeHolder: l10n.t('Export the matches of which gateway?'),
            among: gateways,
          });
    if (!gateway) {
      return;
    }
    const items = matched.filter((candidate) => candidate.gateway === gateway).map((candidate) => candidate.item);
    const state = states.get(gateway);
    const several = this.ctx.registry.gateways().length > 1;
    const found = query === '' ? l10n.t('page groups found') : l10n.t('page groups matching “{0}”', query);
    const what = several ? l10n.t({ message: '{0} of {1}', args: [found, gateway.name], comment: 'what is exported, then a gateway name' }) : found;
    const note =
      state && state.kind !== 'complete' ? l10n.t('The search had scanned {0} of the gateway when you exported.', pageGroupCount(state.scanned)) : undefined;
    await runExport(this.ctx, listPlan(gateway, PAGE_GROUP, items, what, ['page-groups', 'search', query, ...(several ? [gateway.name] : [])], note));
  }

  private async accept(selected: ResultPick | undefined): Promise<void> {
    if (selected?.retry) {
      void this.scan(selected.retry);
      return;
    }
    const candidate = selected?.candidate;
    if (!candidate) {
      return;
    }
    this.pick.hide();
    const ref = refOf(candidate);
    const doc = itemDocument(ref);
    await this.ctx.documents.open(doc.address, doc.snapshot);
    await this.ctx.reveal.reveal(ref, { load: true });
  }

  private async button(item: ResultPick, button: vscode.QuickInputButton): Promise<void> {
    const candidate = item.candidate;
    if (!candidate) {
      return;
    }
    const ref = refOf(candidate);
    if (button === this.buttons.open) {
      const doc = itemDocument(ref);
      await this.ctx.documents.open(doc.address, doc.snapshot, true);
    } else if (button === this.buttons.copy && candidate.id !== undefined) {
      await vscode.env.clipboard.writeText(candidate.id);
      vscode.window.setStatusBarMessage(`$(check) ${plainText(PAGE_GROUP.words.copiedId(candidate.id), STATUS_MESSAGE_LENGTH)}`, 4000);
    } else if (button === this.buttons.reveal) {
      this.pick.hide();
      await this.ctx.reveal.reveal(ref, { load: true });
    }
  }
}

/** "1 match", "12 matches". */
function matchesText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} match', count),
    two: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} matches', count),
  });
}

/** "12 more matches: type more to narrow the search". */
function moreMatchesText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} more match: type more to narrow the search', count),
    two: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} more matches: type more to narrow the search', count),
  });
}
