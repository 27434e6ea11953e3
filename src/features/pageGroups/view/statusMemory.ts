/**
 * What the Page Groups tree remembers of its status rows, per gateway: which are expanded now (the editor tells), which
 * were expanded when the window last closed (shown expanded, their first pages started, until the user collapses
 * them), and each status's last exact count, kept across refreshes and window reloads. Holds URLs, status names and
 * numbers only, never a key.
 */
import type { Gateway } from '../../../gateway/gateway';
import type { ExpansionMemory } from '../model/expansionMemory';
import { isDerivedGroup, type GroupKey, type PageGroupsModel } from '../model/pageGroupsModel';
import type { RememberedCount, StatusCountMemory } from '../model/statusCountMemory';

export class StatusMemory {
  /** Status rows the user has expanded, per gateway (a refresh of the whole gateway keeps only their rows while it reloads). */
  private readonly expanded = new Map<Gateway, Set<GroupKey>>();
  /**
   * Statuses that were expanded when the window last closed, per gateway URL: shown expanded (and their first pages
   * started) when the view first builds them; a status leaves the set when the user collapses it. Expansion during the
   * session is the editor's own.
   */
  private readonly restored = new Map<string, Set<GroupKey>>();

  public constructor(
    /** What was expanded before the window reloaded (and is remembered for the next time); none in some tests. */
    private readonly memory: ExpansionMemory | undefined,
    /** The last exact count of each status (statusCountMemory.ts). */
    private readonly counts: StatusCountMemory,
  ) {}

  /** The tree view says a status row was expanded or collapsed. */
  public statusExpanded(gateway: Gateway, key: GroupKey, expanded: boolean): void {
    const set = this.expandedOf(gateway);
    if (expanded) {
      set.add(key);
    } else {
      set.delete(key);
      this.restored.get(gateway.base.href)?.delete(key);
    }
    this.memory?.setStatus(gateway.base.href, key, expanded);
  }

  /** The tree view says a gateway row was expanded or collapsed. */
  public gatewayExpanded(gateway: Gateway, expanded: boolean): void {
    this.memory?.setGateway(gateway.base.href, expanded);
  }

  /** Whether the user has the status expanded now. */
  public isExpanded(gateway: Gateway, key: GroupKey): boolean {
    return this.expanded.get(gateway)?.has(key) ?? false;
  }

  /** Whether the gateway's row is shown expanded when the view first shows it: as left, or as when it was alone. */
  public gatewayStartsExpanded(gateway: Gateway): boolean {
    const href = gateway.base.href;
    return this.memory?.gatewayExpanded(href) ?? (this.memory?.statuses(href) ?? []).length > 0;
  }

  /** Status rows expanded when the window last closed, still to be shown so under `gateway`. */
  public remembered(gateway: Gateway): readonly GroupKey[] {
    const href = gateway.base.href;
    let set = this.restored.get(href);
    if (set === undefined) {
      set = new Set(this.memory?.statuses(href) ?? []);
      this.restored.set(href, set);
    }
    return [...set];
  }

  /** Starts the first page of every remembered status that has none yet (each chain joins a load in flight). */
  public startRemembered(gateway: Gateway, model: PageGroupsModel, pageSize: number): void {
    // The derived groups come from the unfiltered page, which the view loads anyway.
    for (const key of this.remembered(gateway).filter((remembered) => !isDerivedGroup(remembered))) {
      const chain = model.chain(key);
      if (!chain.started && !chain.loading && !chain.error) {
        this.expandedOf(gateway).add(key);
        void chain.loadMore(pageSize);
      }
    }
  }

  /** Remembers the exact counts among `keys` (a status loaded to its end, or every status once a scan read them all). */
  public learnCounts(gateway: Gateway, model: PageGroupsModel, keys: readonly GroupKey[]): void {
    const now = Date.now();
    for (const group of keys) {
      const known = model.knownCount(group);
      if (known?.exact === true) {
        this.counts.record(gateway.base.href, group, known.count, now);
      }
    }
  }

  /** Forgets the gateway's remembered counts (its key changed: another key may see other page groups). */
  public forgetCounts(gateway: Gateway): void {
    this.counts.forget(gateway.base.href);
  }

  /** The status's last exact count from before, when what is loaded now does not say it exactly. */
  public rememberedCount(gateway: Gateway, key: GroupKey): RememberedCount | undefined {
    return this.counts.get(gateway.base.href, key);
  }

  /** The gateway left the settings. */
  public forget(gateway: Gateway): void {
    this.expanded.delete(gateway);
  }

  private expandedOf(gateway: Gateway): Set<GroupKey> {
    let set = this.expanded.get(gateway);
    if (set === undefined) {
      set = new Set();
      this.expanded.set(gateway, set);
    }
    return set;
  }
}
