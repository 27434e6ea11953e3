/**
 * A paged list a row stands for (a status of page groups, a gateway's forms), as the generic Load All command works on
 * it: every remaining page at the largest page size, with progress, cancel and the outcome in words. The tree sets it
 * on the rows whose list has more pages (their context value then carries `+loadAll`). No `vscode` import.
 */
import type { Gateway } from '../gateway/gateway';
import type { ResourceKind, ScanOutcome } from './resource';

export interface LoadAllTarget {
  readonly gateway: Gateway;
  readonly kind: ResourceKind<unknown>;
  /** The list in words when it is part of the kind's list (e.g. `“draft”`, a status); undefined: the whole list. */
  readonly scope?: string;
  /** Whether pages are left to load. */
  hasMore(): boolean;
  /** Items of this list loaded now. */
  loaded(): number;
  /**
   * How many items the list held when it was last counted whole (e.g. a status loaded to its end before, remembered
   * across window reloads); undefined when never. Load All's progress bar fills toward it.
   */
  expected?(): number | undefined;
  /** Loads every remaining page; `onPage` runs after each page. Resolves with why it stopped. */
  run(signal: AbortSignal, onPage: () => void): Promise<ScanOutcome>;
  /** Why the last run failed or stopped, in words (an error, a notice, the load limit); undefined otherwise. */
  problem(): string | undefined;
}
