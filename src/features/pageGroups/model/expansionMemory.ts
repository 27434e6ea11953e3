/**
 * What the user had expanded in the Page Groups view, kept across window reloads and extension updates: per gateway
 * (by its base URL, which identifies it), whether its row was expanded (several gateways) and which status rows were.
 * Stored in a Memento-like store (the workspace state); holds URLs and status names only, never a key. Pure: no
 * `vscode` import.
 */

/** The part of `vscode.Memento` used here. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const EXPANSION_STATE_KEY = 'pageGateway.expanded';
/** Statuses remembered per gateway at most (a view with more expanded is not a view anybody reads). */
export const MAX_REMEMBERED_STATUSES = 50;

interface GatewayExpansion {
  gateway?: boolean;
  statuses?: string[];
}

type Stored = Record<string, GatewayExpansion>;

function isStored(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ExpansionMemory {
  private readonly state: Stored;

  public constructor(private readonly store: StateStore) {
    const value = store.get<unknown>(EXPANSION_STATE_KEY);
    this.state = {};
    if (isStored(value)) {
      for (const [gateway, entry] of Object.entries(value)) {
        if (typeof entry !== 'object' || entry === null) {
          continue;
        }
        const statuses = Array.isArray(entry.statuses) ? entry.statuses.filter((s): s is string => typeof s === 'string').slice(0, MAX_REMEMBERED_STATUSES) : [];
        this.state[gateway] = { ...(typeof entry.gateway === 'boolean' ? { gateway: entry.gateway } : {}), ...(statuses.length > 0 ? { statuses } : {}) };
      }
    }
  }

  /** Whether the gateway's row was expanded (several gateways); undefined when it was never shown as a row. */
  public gatewayExpanded(gateway: string): boolean | undefined {
    return this.state[gateway]?.gateway;
  }

  /** The status rows that were expanded under the gateway, in the order they were expanded. */
  public statuses(gateway: string): readonly string[] {
    return this.state[gateway]?.statuses ?? [];
  }

  public setGateway(gateway: string, expanded: boolean): void {
    const entry = this.state[gateway] ?? {};
    if (entry.gateway === expanded) {
      return;
    }
    this.state[gateway] = { ...entry, gateway: expanded };
    this.save();
  }

  public setStatus(gateway: string, status: string, expanded: boolean): void {
    const entry = this.state[gateway] ?? {};
    const statuses = (entry.statuses ?? []).filter((s) => s !== status);
    if (expanded) {
      statuses.push(status);
    }
    if (statuses.length === (entry.statuses ?? []).length && expanded === (entry.statuses ?? []).includes(status)) {
      return;
    }
    this.state[gateway] = { ...entry, statuses: statuses.slice(-MAX_REMEMBERED_STATUSES) };
    this.save();
  }

  private save(): void {
    // Entries with nothing expanded are dropped; a failed write only loses this convenience.
    const kept: Stored = {};
    for (const [gateway, entry] of Object.entries(this.state)) {
      if (entry.gateway !== undefined || (entry.statuses ?? []).length > 0) {
        kept[gateway] = entry;
      }
    }
    void Promise.resolve(this.store.update(EXPANSION_STATE_KEY, kept)).catch(() => undefined);
  }
}
