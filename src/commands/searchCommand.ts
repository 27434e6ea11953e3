/**
 * Search Page Groups: a quick pick that matches what is typed against id, name, title, tenant and brand. Loaded page
 * groups match at once; the rest of each searched gateway is streamed (the unfiltered chain continues at limit=100)
 * and matches appear as pages arrive. Typing only filters; closing the pick stops the scan (the request in flight is
 * aborted). Pages scanned stay loaded in the tree's model, so searching again sends no request until a refresh.
 */
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../api/model';
import { itemDocument } from '../documents/itemDocuments';
import type { Gateway } from '../gateway/gateway';
import type { ItemRef, ResourceKind } from '../resources/resource';
import { describeGatewayError } from '../views/common/errorText';
import { PAGE_GROUP } from '../views/pageGroups/pageGroupResource';
import { pageGroupLabel } from '../views/pageGroups/pageGroupPresentation';
import { scanPageGroups, type ScanOutcome } from '../views/pageGroups/pageGroupScan';
import { haystackOf, matches, prepareQuery, type PreparedQuery } from '../views/search/textMatch';
import type { CommandContext } from './commandContext';
import { runExport } from './exportCommand';
import { listPlan } from './exportPlans';
import { pickGateway, pickGateways } from './gatewayPicker';

/** The pick shows at most this many matches, then how many more there are. */
export const MAX_SHOWN = 200;

interface Candidate {
  readonly gateway: Gateway;
  readonly item: CheckedPageGroup;
  readonly haystack: string;
  readonly id: string | undefined;
}

interface ResultPick extends vscode.QuickPickItem {
  readonly candidate?: Candidate;
  readonly retry?: Gateway;
}

type ScanState = { readonly kind: 'scanning' | ScanOutcome; readonly scanned: number; readonly error?: string };

const OPEN: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('json'), tooltip: 'Open as JSON' };
const COPY: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('copy'), tooltip: 'Copy ID' };
const REVEAL: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('list-tree'), tooltip: 'Reveal in Tree' };
const EXPORT: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('export'), tooltip: 'Export the Matches…' };

function refOf(candidate: Candidate): ItemRef {
  return { gateway: candidate.gateway, kind: PAGE_GROUP, item: candidate.item } as ItemRef;
}

export async function searchPageGroups(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateways = await pickGateways(ctx.registry, arg, 'Page Gateway: Search Page Groups');
  const ready: Gateway[] = [];
  for (const gateway of gateways) {
    if ((await gateway.connection.state()).kind === 'ready') {
      ready.push(gateway);
    }
  }
  if (ready.length === 0) {
    if (gateways.length > 0) {
      void vscode.window.showInformationMessage('Set the API key of the gateway first: nothing can be searched without it.', 'Set API Key…').then((choice) => {
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
  private readonly candidates: Candidate[] = [];
  private readonly seen = new Map<Gateway, Set<string>>();
  private readonly states = new Map<Gateway, ScanState>();
  private readonly controller = new AbortController();
  private query: PreparedQuery = prepareQuery('');
  /** Matches of `query` among `candidates`, in order; `matchedUpTo` candidates were tested. */
  private matched: Candidate[] = [];
  private matchedUpTo = 0;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;

  public constructor(
    private readonly ctx: CommandContext,
    private readonly gateways: readonly Gateway[],
  ) {}

  public run(): Promise<void> {
    const pick = this.pick;
    pick.title = 'Search Page Groups';
    pick.placeholder = 'Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id';
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.keepScrollPosition = true;
    for (const gateway of this.gateways) {
      this.seen.set(gateway, new Set());
      this.add(gateway, this.ctx.pageGroups.model(gateway).allLoaded());
    }
    return new Promise<void>((resolve) => {
      pick.onDidChangeValue((value) => {
        this.query = prepareQuery(value);
        this.matched = [];
        this.matchedUpTo = 0;
        this.render();
      });
      pick.onDidAccept(() => void this.accept(pick.selectedItems[0]));
      pick.onDidTriggerItemButton((event) => void this.button(event.item, event.button));
      pick.buttons = [EXPORT];
      pick.onDidTriggerButton((button) => {
        if (button === EXPORT) {
          void this.exportMatches();
        }
      });
      pick.onDidHide(() => {
        this.controller.abort();
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

  private add(gateway: Gateway, items: readonly CheckedPageGroup[]): void {
    const seen = this.seen.get(gateway) as Set<string>;
    for (const item of items) {
      const id = item.value.pageGroupId;
      if (id !== undefined) {
        if (seen.has(id)) {
          continue;
        }
        seen.add(id);
      }
      const v = item.value;
      this.candidates.push({ gateway, item, id, haystack: haystackOf([id, v.name, v.title, v.tenantId, v.brandId]) });
    }
  }

  private async scan(gateway: Gateway): Promise<void> {
    const model = this.ctx.pageGroups.model(gateway);
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
      ...(outcome === 'failed' && error ? { error: describeGatewayError(error) } : {}),
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

  private render(): void {
    for (; this.matchedUpTo < this.candidates.length; this.matchedUpTo += 1) {
      const candidate = this.candidates[this.matchedUpTo] as Candidate;
      if (matches(this.query, candidate.haystack, candidate.id)) {
        this.matched.push(candidate);
      }
    }
    const several = this.gateways.length > 1;
    const items: ResultPick[] = [];
    for (const [gateway, state] of this.states) {
      if (state.kind === 'failed') {
        items.push({
          label: `$(error) Couldn't scan all page groups${several ? ` of ${gateway.name}` : ''} — retry`,
          detail: state.error,
          alwaysShow: true,
          retry: gateway,
        });
      }
    }
    for (const candidate of this.matched.slice(0, MAX_SHOWN)) {
      const v = candidate.item.value;
      items.push({
        label: `$(files) ${pageGroupLabel(v)}`,
        description: several ? [candidate.id, candidate.gateway.name].filter((x) => x !== undefined).join(' · ') : candidate.id,
        detail: [v.status ?? '(no status)', v.name, v.tenantId && `tenant ${v.tenantId}`, v.brandId && `brand ${v.brandId}`].filter((x) => !!x).join(' · '),
        alwaysShow: true,
        buttons: [OPEN, COPY, REVEAL],
        candidate,
      });
    }
    if (this.matched.length > MAX_SHOWN) {
      items.push({ label: `${(this.matched.length - MAX_SHOWN).toLocaleString()} more matches: type more to narrow the search`, kind: vscode.QuickPickItemKind.Separator });
    }
    const active = this.pick.activeItems[0]?.candidate;
    this.pick.items = items;
    if (active) {
      const again = items.find((item) => item.candidate === active);
      if (again) {
        this.pick.activeItems = [again];
      }
    }
    this.pick.busy = [...this.states.values()].some((state) => state.kind === 'scanning');
    this.pick.title = `Search Page Groups — ${this.progressText()}`;
  }

  private progressText(): string {
    const several = this.gateways.length > 1;
    const parts = this.gateways.map((gateway) => {
      const state = this.states.get(gateway);
      const n = (state?.scanned ?? 0).toLocaleString();
      const text =
        state?.kind === 'complete'
          ? `all ${n} scanned`
          : state?.kind === 'scanning' || state === undefined
            ? `${n} page groups scanned…`
            : state.kind === 'failed'
              ? `${n} scanned, then a page failed`
              : `${n} scanned, paging stopped early`;
      return several ? `${gateway.name}: ${text}` : text;
    });
    const found = this.query.text === '' ? '' : ` · ${this.matched.length.toLocaleString()} ${this.matched.length === 1 ? 'match' : 'matches'}`;
    return `${parts.join(' · ')}${found}`;
  }

  /** The export button: every match so far (not only the ones listed), of one gateway, as the server sent them. */
  private async exportMatches(): Promise<void> {
    this.render();
    const matched = [...this.matched];
    const query = this.pick.value.trim();
    // Closing the pick stops the scan: what it reached is kept for the note.
    const states = new Map(this.states);
    const gateways = this.gateways.filter((gateway) => matched.some((candidate) => candidate.gateway === gateway));
    if (gateways.length === 0) {
      void vscode.window.showInformationMessage('No page groups match: nothing to export.');
      return;
    }
    this.pick.hide();
    const gateway =
      gateways.length === 1 ? gateways[0] : await pickGateway(this.ctx.registry, undefined, { title: 'Page Gateway: Export the Matches', placeHolder: 'Export the matches of which gateway?', among: gateways });
    if (!gateway) {
      return;
    }
    const items = matched.filter((candidate) => candidate.gateway === gateway).map((candidate) => candidate.item);
    const state = states.get(gateway);
    const several = this.ctx.registry.gateways().length > 1;
    const what = `${query === '' ? 'page groups found' : `page groups matching “${query}”`}${several ? ` of ${gateway.name}` : ''}`;
    const note = state && state.kind !== 'complete' ? `The search had scanned ${state.scanned.toLocaleString()} page groups of the gateway when you exported.` : undefined;
    await runExport(this.ctx, listPlan(gateway, PAGE_GROUP as ResourceKind<unknown>, items, what, ['page-groups', 'search', query, ...(several ? [gateway.name] : [])], note));
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
    if (button === OPEN) {
      const doc = itemDocument(ref);
      await this.ctx.documents.open(doc.address, doc.snapshot, true);
    } else if (button === COPY && candidate.id !== undefined) {
      await vscode.env.clipboard.writeText(candidate.id);
      vscode.window.setStatusBarMessage(`$(check) Copied page group ID ${candidate.id}`, 4000);
    } else if (button === REVEAL) {
      this.pick.hide();
      await this.ctx.reveal.reveal(ref, { load: true });
    }
  }
}
