/** The status filter of the Page Groups tree: per gateway, the one status it shows (none: all). */
import * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import type { GroupKey } from '../model/pageGroupsModel';

export class StatusFilter implements vscode.Disposable {
  private readonly filters = new Map<Gateway, GroupKey>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A gateway's status filter was set or cleared. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;

  public of(gateway: Gateway): GroupKey | undefined {
    return this.filters.get(gateway);
  }

  /** Gateways whose view shows one status only, among `gateways`. */
  public filtered(gateways: readonly Gateway[]): Gateway[] {
    return gateways.filter((gateway) => this.filters.has(gateway));
  }

  /** Shows only `key` of `gateway` (undefined: all). */
  public set(gateway: Gateway, key: GroupKey | undefined): void {
    if (key === undefined) {
      this.filters.delete(gateway);
    } else {
      this.filters.set(gateway, key);
    }
    this.changed.fire();
  }

  /** The gateway left the settings. */
  public forget(gateway: Gateway): void {
    if (this.filters.delete(gateway)) {
      this.changed.fire();
    }
  }

  public dispose(): void {
    this.changed.dispose();
  }
}
