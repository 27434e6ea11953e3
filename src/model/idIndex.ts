/**
 * Every loaded item of every kind on every gateway, by id: one map lookup answers "is this word a loaded id?" (the
 * hover, Go to ID). Rebuilt lazily: a change only marks it stale, the next lookup rebuilds it once.
 */
import type { GatewayRegistry } from '../gateway/registry';
import type { ItemRef } from './resource';
import type { ResourceKinds } from './resourceKinds';

export class IdIndex {
  private byId: Map<string, ItemRef[]> | undefined;

  public constructor(
    private readonly registry: GatewayRegistry,
    private readonly kinds: ResourceKinds,
  ) {}

  /** Something loaded changed (a page arrived, a list reloaded, a gateway came or went). */
  public invalidate(): void {
    this.byId = undefined;
  }

  /** The loaded items with exactly this id, on every gateway (usually none or one). */
  public lookup(id: string): readonly ItemRef[] {
    return this.map().get(id) ?? [];
  }

  private map(): Map<string, ItemRef[]> {
    if (this.byId === undefined) {
      const byId = new Map<string, ItemRef[]>();
      for (const gateway of this.registry.gateways()) {
        for (const kind of this.kinds.all()) {
          for (const item of kind.loaded(gateway)) {
            const id = kind.idOf(item.value);
            if (id === undefined) {
              continue;
            }
            const refs = byId.get(id);
            const ref: ItemRef = { gateway, kind, item };
            if (refs) {
              refs.push(ref);
            } else {
              byId.set(id, [ref]);
            }
          }
        }
      }
      this.byId = byId;
    }
    return this.byId;
  }
}
