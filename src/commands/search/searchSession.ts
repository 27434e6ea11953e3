/**
 * The Search pick over one list: it matches what is typed against the fields the list's kind names (`searchText`).
 * Loaded items match at once; the rest of each searched gateway's list is read (searchScan.ts) and matches appear as
 * pages arrive. Typing only filters; closing the pick stops the scan (the request in flight is aborted).
 */
import * as vscode from 'vscode';
import type { Checked } from '../../api/model';
import type { Gateway } from '../../gateway/gateway';
import type { ResourceKind, SearchWords } from '../../model/resource';
import { fieldsMatcher, prepareQuery, type PreparedQuery } from '../../model/textMatch';
import { firstOfId } from '../../model/searchCandidate';
import { gatewayProgressText, matchesText, moreMatchesText, scanProgressText } from '../../text/searchText';
import { DETAIL_LENGTH, plainText } from '../../text/surfaceText';
import type { CommandContext } from '../commandContext';
import { exportMatches, nothingToExport } from './searchExport';
import { openResult, resultButton, resultButtons, type Candidate } from './searchResults';
import { scanList, type ScanState } from './searchScan';
import { searchWordsOf } from './searchWords';

/** The pick shows at most this many matches, then how many more there are. */
export const MAX_SHOWN = 200;
/**
 * Candidates are taken this many items at a time, then the extension host gets its event loop back: typing stays
 * responsive while a large list is taken, and each batch is matched as it comes.
 */
const CANDIDATE_BATCH = 5_000;
/**
 * While only the count of matches not listed changes (a scan adding matches beyond the first MAX_SHOWN), the list is
 * sent to the editor again at most this often (ms).
 */
const COUNT_ONLY_INTERVAL = 1_000;

interface ResultPick extends vscode.QuickPickItem {
  readonly candidate?: Candidate;
  readonly retry?: Gateway;
}

export class SearchSession {
  private readonly pick = vscode.window.createQuickPick<ResultPick>();
  private readonly words: SearchWords;
  private readonly fieldsOf: (value: unknown) => ReadonlyArray<string | undefined>;
  /** The candidates, each item once per gateway and id, in the order they came; `candidateGateways` in step. */
  private readonly candidates: Checked<unknown>[] = [];
  private readonly candidateGateways: Gateway[] = [];
  private readonly seen = new Map<Gateway, Set<string>>();
  private readonly states = new Map<Gateway, ScanState>();
  private readonly controller = new AbortController();
  private readonly buttons = resultButtons();
  private query: PreparedQuery = prepareQuery('');
  private isMatch: (item: Checked<unknown>) => boolean = () => true;
  /** Indexes in `candidates` of the matches of `query`, in order; `matchedUpTo` candidates were tested. */
  private matched: number[] = [];
  private matchedUpTo = 0;
  /** The rows of the first matches (at most MAX_SHOWN), made once per query. */
  private matchRows: ResultPick[] = [];
  /** What the pick's list was last made of, and when (see COUNT_ONLY_INTERVAL). */
  private shown: { readonly rows: readonly ResultPick[]; readonly rowCount: number; readonly notes: string; readonly more: number; readonly at: number } | undefined;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  /** Items waiting to become candidates, oldest first; `next` is the first of `items` not made yet. */
  private readonly waiting: Array<{ readonly gateway: Gateway; readonly items: readonly Checked<unknown>[]; next: number }> = [];
  private adding: ReturnType<typeof setImmediate> | undefined;

  /** `kind` is searchable (`searchText` set). */
  public constructor(
    private readonly ctx: CommandContext,
    private readonly kind: ResourceKind<unknown>,
    private readonly gateways: readonly Gateway[],
  ) {
    this.words = searchWordsOf(kind);
    this.fieldsOf = (value) => kind.searchText?.(value) ?? [];
  }

  public run(): Promise<void> {
    const pick = this.pick;
    pick.title = this.words.title();
    pick.placeholder = this.words.placeholder();
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.keepScrollPosition = true;
    for (const gateway of this.gateways) {
      this.seen.set(gateway, new Set());
      this.add(gateway, [...this.kind.loaded(gateway)]);
    }
    return new Promise<void>((resolve) => {
      pick.onDidChangeValue((value) => {
        this.query = prepareQuery(value);
        const matcher = fieldsMatcher(this.query, this.fieldsOf, (item: unknown) => this.kind.idOf(item));
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
  private add(gateway: Gateway, items: readonly Checked<unknown>[]): void {
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
        const item = batch.items[batch.next] as Checked<unknown>;
        if (firstOfId(this.kind.idOf(item.value), seen)) {
          this.candidates.push(item);
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
    this.states.set(gateway, { kind: 'scanning', scanned: 0 });
    this.render();
    const state = await scanList(this.kind, gateway, this.controller.signal, (items, scanned) => {
      this.add(gateway, items);
      this.states.set(gateway, { kind: 'scanning', scanned });
      this.scheduleRender();
    });
    if (this.controller.signal.aborted) {
      return;
    }
    this.states.set(gateway, state);
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
    const item = this.candidates[index] as Checked<unknown>;
    return { gateway: this.candidateGateways[index] as Gateway, item, id: this.kind.idOf(item.value) };
  }

  private render(): void {
    const isMatch = this.isMatch;
    for (; this.matchedUpTo < this.candidates.length; this.matchedUpTo += 1) {
      if (isMatch(this.candidates[this.matchedUpTo] as Checked<unknown>)) {
        this.matched.push(this.matchedUpTo);
      }
    }
    const several = this.gateways.length > 1;
    for (let at = this.matchRows.length; at < Math.min(MAX_SHOWN, this.matched.length); at += 1) {
      const candidate = this.candidate(this.matched[at] as number);
      const value = candidate.item.value;
      this.matchRows.push({
        label: `$(${this.kind.icon}) ${plainText(this.kind.label(value))}`,
        description: plainText(several ? [candidate.id, candidate.gateway.name].filter((x) => x !== undefined).join(' · ') : (candidate.id ?? '')),
        detail: plainText(this.kind.searchDetail?.(value) ?? this.kind.pickDetail(value), DETAIL_LENGTH),
        alwaysShow: true,
        buttons: [this.buttons.open, this.buttons.copy, this.buttons.reveal],
        candidate,
      });
    }
    this.showRows(this.notes());
    this.pick.busy = this.waiting.length > 0 || [...this.states.values()].some((state) => state.kind === 'scanning');
    this.pick.title = this.words.title(this.progressText());
  }

  /** A retry row for each gateway whose scan failed, a note for each that stopped at its load limit. */
  private notes(): ResultPick[] {
    const several = this.gateways.length > 1;
    const notes: ResultPick[] = [];
    for (const [gateway, state] of this.states) {
      if (state.kind === 'failed') {
        notes.push({
          label: `$(error) ${this.words.couldNotScan(several ? plainText(gateway.name) : undefined)}`,
          detail: state.error === undefined ? undefined : plainText(state.error, DETAIL_LENGTH),
          alwaysShow: true,
          retry: gateway,
        });
      } else if (state.kind === 'capped') {
        const extent = this.kind.extent(gateway);
        const limit = extent.limit ?? extent.loaded;
        const text = this.kind.words.stoppedAtLimit?.(limit, several ? gateway.name : undefined) ?? this.kind.words.notAllScanned();
        notes.push({ label: `$(warning) ${text}`, alwaysShow: true });
      }
    }
    return notes;
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
    const paged = this.kind.scan !== undefined;
    const parts = this.gateways.map((gateway) => {
      const state = this.states.get(gateway);
      const kind = state?.kind ?? 'scanning';
      const stage = kind === 'scanning' || kind === 'complete' || kind === 'failed' || kind === 'capped' ? kind : 'stopped';
      const text = scanProgressText(stage, state?.scanned ?? 0, (n) => this.kind.words.count(n), paged);
      return several ? gatewayProgressText(gateway.name, text) : text;
    });
    if (this.query.text !== '') {
      parts.push(matchesText(this.matched.length));
    }
    return parts.join(' · ');
  }

  private async exportMatches(): Promise<void> {
    this.render();
    const matched = this.matched.map((index) => this.candidate(index));
    if (matched.length === 0) {
      nothingToExport(this.kind);
      return;
    }
    const query = this.pick.value.trim();
    // Closing the pick stops the scan: what it reached is kept for the note.
    const states = new Map(this.states);
    this.pick.hide();
    await exportMatches(this.ctx, this.kind, matched, query, states, this.gateways);
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
    await openResult(this.ctx, this.kind, candidate);
  }

  private async button(item: ResultPick, button: vscode.QuickInputButton): Promise<void> {
    if (item.candidate) {
      await resultButton(this.ctx, this.kind, item.candidate, button, this.buttons, () => this.pick.hide());
    }
  }
}
