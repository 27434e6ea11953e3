/**
 * One kind of gateway resource, described once: how to reach what is loaded of it on a gateway, its id, its words,
 * its document folder. Code that works on "any item" (Open as JSON, Copy ID, Compare, pickers, documents, the status
 * bar, Go to ID) goes through this interface and never asks which kind it has. Each feature (src/features/<name>/)
 * describes its resource once with a `ResourceKind`. No `vscode` import.
 */
import type { GatewayClient } from '../api/client';
import type { Checked } from '../api/model';
import type { GatewayError, GatewayResource } from '../api/errors';
import type { Gateway } from '../gateway/gateway';
import type { ListWords } from '../text/listWords';

export interface ResourceKind<T> {
  /** Stable identifier, e.g. `pageGroup`. */
  readonly id: string;
  /** The name the API gives its list in errors (e.g. `pageGroups`); the agent's List Gateways names the list by it. */
  readonly listName: GatewayResource;
  /** Folder of its JSON documents: `page-gateway://<gateway>/<folder>/<id>.json`. */
  readonly folder: string;
  /** Its words in the editor's language: whole messages, looked up when shown. */
  readonly words: ResourceWords;
  /** Codicon shown in pickers. */
  readonly icon: string;
  /** The view that shows it (for "reveal" and "focus"). */
  readonly viewId: string;
  /** Its fields in the API contract, in the contract's order (the first columns of a CSV export). */
  readonly fields: readonly string[];
  idOf(value: T): string | undefined;
  label(value: T): string;
  /** What its JSON tab shows before the id (default: `label`); never a secret (a URL's password). */
  documentTitle?(value: T): string;
  description(value: T): string;
  /** Markdown (server text escaped). */
  tooltip(item: Checked<T>): string;
  /** The second line in pickers. */
  pickDetail(value: T): string;
  /**
   * One cheap request that succeeds only when the gateway accepts the key (e.g. a page of one item): the key check
   * after Set API Key sends the first kind's. Absent when the list has no cheap request.
   */
  probe?(client: GatewayClient): Promise<unknown>;
  /** Everything loaded of this kind on `gateway`, once per id. */
  loaded(gateway: Gateway): Iterable<Checked<T>>;
  /** The loaded item with this id on `gateway`. */
  find(gateway: Gateway, id: string): Checked<T> | undefined;
  /** How much of the list is loaded on `gateway`, without a request (and without creating its store). */
  extent(gateway: Gateway): ListExtent;
  /**
   * Loads what is needed so that `find` can answer, when that is cheap (one request at most), e.g. a list the gateway
   * returns whole. Absent when finding an unloaded item would need a scan.
   */
  ensureLoaded?(gateway: Gateway): Promise<void>;
  /**
   * Pages through the whole list to find items that are not loaded (Go to ID): `onItems` gets what is loaded first,
   * then each new page's items, with how many the list holds now. Pages land where the view shows them. Absent when
   * `ensureLoaded` loads the whole list.
   */
  scan?(gateway: Gateway, signal: AbortSignal, onItems: (items: readonly Checked<T>[], scanned: number) => void): Promise<ScanOutcome>;
  /**
   * The fields Search matches what is typed against (case and accents ignored, a substring of any of them; the id also
   * when it stands in pasted text), e.g. id, name, title. Absent: Search does not offer this list. Never a secret (a
   * URL's password).
   */
  searchText?(value: T): ReadonlyArray<string | undefined>;
  /** The second line of a Search result (default: `pickDetail`). */
  searchDetail?(value: T): string;
}

/** How much of a list is loaded on a gateway. */
export interface ListExtent {
  /** Items loaded, each id once. */
  readonly loaded: number;
  /** Whether that is the whole list (it was read to its end, and nothing stopped or failed since). */
  readonly complete: boolean;
  /** The list's last failure, while it stands. */
  readonly error?: GatewayError;
  /** The most the gateway may hold of the list, when loading stopped there (`pageGateway.maxLoadedPageGroups`). */
  readonly limit?: number;
  /** Loaded items per group, for a list that groups them (page groups per status); "(none)" for those without one. */
  readonly groups?: Readonly<Record<string, number>>;
}

/**
 * Why a scan stopped: the list ended (`complete`), the signal (`aborted`), a failed page (`failed`: calling again
 * retries it), the list stopped with a notice (`stopped`), a refresh reset the list meanwhile (`reset`), or the
 * gateway holds as many items as it may (`capped`: `pageGateway.maxLoadedPageGroups`).
 */
export type ScanOutcome = 'complete' | 'aborted' | 'failed' | 'stopped' | 'reset' | 'capped';

/**
 * The messages that name a kind of resource. Each is a whole message (its own `l10n.t` call), so that a language can
 * put the noun where its grammar wants it and count with its own plural forms.
 */
export interface ResourceWords extends ListWords {
  /** "page group": the kind, as in a picker's description. */
  one(): string;
  /** "Page groups": the heading of its items in a picker. */
  heading(): string;
  /** "1,234 page groups", with the language's plural forms. */
  count(n: number): string;
  /** "Page group on gateway {0}" (`gateway` is Markdown). */
  onGateway(gateway: string): string;
  /** "page group {0}": the title of the document of an item without an id. */
  titled(label: string): string;
  /** "Copied page group ID {0}". */
  copiedId(id: string): string;
  /** "No page groups": the row of a list that loaded empty. */
  none(): string;
  /** "No page groups are loaded yet: …". */
  noneLoaded(): string;
  /** "not every page group": a scan that stopped before the end of the list. */
  notAllScanned(): string;
  /**
   * Load All's notification title: "Loading all page groups", "Loading all “draft” page groups of staging". `scope`
   * (e.g. `draft`, a status: the message quotes it) is the part of the list being loaded; `gateway` a gateway's name,
   * when there are several.
   */
  loadingAll(scope: string | undefined, gateway: string | undefined): string;
  /** Load All reached the end: "Loaded all 1,234 page groups of “draft” on staging" (`count` loaded). */
  loadedAll(count: number, scope: string | undefined, gateway: string | undefined): string;
  /** Load All stopped early: "Load All of “draft” stopped after 1,234 page groups: {problem}" (`problem` a sentence). */
  loadAllStopped(count: number, problem: string, scope: string | undefined, gateway: string | undefined): string;
  /**
   * Where loading stopped at the most a gateway may hold of the list (`count` loaded), and what to do; `gateway` names
   * it when there are several.
   */
  stoppedAtLimit?(count: number, gateway?: string): string;
  /** The words of Search over this list (default: words that name the list by its `heading`). */
  readonly search?: SearchWords;
  /** The document of an item that is not loaded (or no longer listed): what it is and how to reopen it. */
  notLoaded(id: string, gateway: string): string;
}

/** The messages of Search over one list, each a whole message. */
export interface SearchWords {
  /** "Search Page Groups", or with how far it got: "Search Page Groups — {progress}". */
  title(progress?: string): string;
  /** What can be typed: "Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id". */
  placeholder(): string;
  /** What an export of the matches holds: "page groups found", or "page groups matching “{query}”". */
  matching(query: string): string;
  /** "No page groups match: nothing to export." */
  noneMatch(): string;
  /** "Couldn't scan all page groups — retry"; with `gateway`: "Couldn't scan all page groups of {gateway} — retry". */
  couldNotScan(gateway?: string): string;
}

/** An item of a resource on a gateway: what every generic command works on. */
export interface ItemRef<T = unknown> {
  readonly gateway: Gateway;
  readonly kind: ResourceKind<T>;
  readonly item: Checked<T>;
}

export function itemId<T>(ref: ItemRef<T>): string | undefined {
  return ref.kind.idOf(ref.item.value);
}
