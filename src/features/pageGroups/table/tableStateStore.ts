/**
 * The table's state (columns, widths, order, sort, filter, facet searches) kept per gateway in the workspace state,
 * by the gateway's identity (`Gateway.key`: its base URL, with #2… for another gateway of the same URL; a renamed
 * gateway keeps it), so that a table can be rebuilt from nothing (a reload, a hidden tab). What is read back is checked (`readTableState`): a damaged entry gives the defaults.
 */
import type * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import { readTableState, type TableState } from './model/tableState';

/** Workspace-state key of the gateways' table states. */
export const TABLE_STATE_KEY = 'pageGateway.table';

export class TableStateStore {
  private state: TableState;

  public constructor(
    private readonly store: vscode.Memento,
    private readonly gateway: Gateway,
  ) {
    this.state = readTableState(this.savedStates()[gateway.key]);
  }

  /** The state in force. */
  public get current(): TableState {
    return this.state;
  }

  /** `state` is in force from now on, and kept for the gateway. */
  public save(state: TableState): void {
    this.state = state;
    void this.store.update(TABLE_STATE_KEY, { ...this.savedStates(), [this.gateway.key]: state });
  }

  private savedStates(): Record<string, unknown> {
    const saved = this.store.get<unknown>(TABLE_STATE_KEY);
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved) ? (saved as Record<string, unknown>) : {};
  }
}
