/** The item chosen with "Select for Compare" (GitLens style), and the context key that shows "Compare with Selected". */
import type { ItemRef } from '../model/resource';
import { setContext } from '../ui/contextKey';

export class CompareSelection {
  private selected: ItemRef | undefined;

  public get current(): ItemRef | undefined {
    return this.selected && !this.selected.gateway.removed ? this.selected : undefined;
  }

  public set(ref: ItemRef | undefined): void {
    this.selected = ref;
    setContext('pageGateway.compareSelected', ref !== undefined);
  }
}
