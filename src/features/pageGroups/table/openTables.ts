/**
 * The Page Groups tables open in this window, at most one per gateway. Owned by the page groups feature (made in its
 * `activate`, handed to the command, the serializer and the tests), not a module's global: a table adds itself when
 * it opens and removes itself when it closes. Kept small and free of the tables' code, which loads with the first
 * table.
 */
import type { TableProbe } from './tableProbe';

export class OpenTables {
  private readonly byGateway = new Map<string, TableProbe>();

  /** The open table of the gateway whose key is `gatewayKey`. */
  public get(gatewayKey: string): TableProbe | undefined {
    return this.byGateway.get(gatewayKey);
  }

  /** `table` is its gateway's open table from now on. */
  public add(table: TableProbe): void {
    this.byGateway.set(table.gateway.key, table);
  }

  /** `table` closed (a newer table of the same gateway stays). */
  public remove(table: TableProbe): void {
    if (this.byGateway.get(table.gateway.key) === table) {
      this.byGateway.delete(table.gateway.key);
    }
  }

  /** Every open table. */
  public all(): TableProbe[] {
    return [...this.byGateway.values()];
  }
}
