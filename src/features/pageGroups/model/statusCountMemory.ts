/**
 * How many page groups each status held when that was last known exactly (a status loaded to its end, the whole
 * unfiltered list scanned by Search, an Export of everything, a Load All), with when it was learned: kept across
 * refreshes and window reloads, so a status row can still say "64 · as of 2:05 PM" once its pages are gone. Per gateway
 * (by its base URL), in a Memento-like store (the workspace state); holds URLs, status names, counts and times only,
 * never a key. Pure: no `vscode` import.
 */
import type { StateStore } from './expansionMemory';
import type { GroupKey } from './pageGroupsModel';

export const STATUS_COUNTS_STATE_KEY = 'pageGateway.statusCounts';
/** Statuses remembered per gateway at most (a gateway that sends a status per item must not fill the state). */
export const MAX_REMEMBERED_COUNTS = 500;
/** Gateways remembered at most (the most recently counted ones stay). */
export const MAX_REMEMBERED_GATEWAYS = 20;
/** A count confirmed again is written again only after this long (a Load All confirms it page after page). */
const REWRITE_AFTER_MS = 60_000;

export interface RememberedCount {
  readonly count: number;
  /** When it was learned, in ms since the epoch. */
  readonly at: number;
}

type Stored = Record<string, Record<string, RememberedCount>>;

function isCount(value: unknown): value is RememberedCount {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { count, at } = value as { count?: unknown; at?: unknown };
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 && typeof at === 'number' && Number.isFinite(at) && at > 0;
}

export class StatusCountMemory {
  /** Objects with no prototype: a status named `__proto__` is an ordinary key. */
  private readonly state: Stored = Object.create(null) as Stored;

  public constructor(private readonly store: StateStore | undefined) {
    const value = store?.get<unknown>(STATUS_COUNTS_STATE_KEY);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return;
    }
    for (const [gateway, entries] of Object.entries(value).slice(-MAX_REMEMBERED_GATEWAYS)) {
      if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
        continue;
      }
      const kept = Object.create(null) as Record<string, RememberedCount>;
      for (const [key, entry] of Object.entries(entries as Record<string, unknown>).slice(-MAX_REMEMBERED_COUNTS)) {
        if (isCount(entry)) {
          kept[key] = { count: entry.count, at: entry.at };
        }
      }
      this.state[gateway] = kept;
    }
  }

  /** The last exact count of a status of the gateway, or undefined. */
  public get(gateway: string, key: GroupKey): RememberedCount | undefined {
    const entries = this.state[gateway];
    return entries !== undefined && Object.hasOwn(entries, key) ? entries[key] : undefined;
  }

  /** Forgets the gateway's counts (its key changed: another key may see other page groups). */
  public forget(gateway: string): void {
    if (this.state[gateway] !== undefined) {
      delete this.state[gateway];
      void Promise.resolve(this.store?.update(STATUS_COUNTS_STATE_KEY, this.state)).catch(() => undefined);
    }
  }

  /** Remembers an exact count learned at `now`; writes only when it changed or was learned a while ago. */
  public record(gateway: string, key: GroupKey, count: number, now: number): void {
    const previous = this.get(gateway, key);
    if (previous !== undefined && previous.count === count && now - previous.at < REWRITE_AFTER_MS) {
      return;
    }
    // Re-inserted last, the gateway too: the oldest entries are the first dropped.
    const entries = this.state[gateway] ?? (Object.create(null) as Record<string, RememberedCount>);
    delete entries[key];
    entries[key] = { count, at: now };
    for (const name of Object.keys(entries).slice(0, -MAX_REMEMBERED_COUNTS)) {
      delete entries[name];
    }
    delete this.state[gateway];
    this.state[gateway] = entries;
    for (const name of Object.keys(this.state).slice(0, -MAX_REMEMBERED_GATEWAYS)) {
      delete this.state[name];
    }
    void Promise.resolve(this.store?.update(STATUS_COUNTS_STATE_KEY, this.state)).catch(() => undefined);
  }
}
