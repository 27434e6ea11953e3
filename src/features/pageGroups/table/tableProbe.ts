/** What the tests and the benchmark read of an open Page Groups table (and what the feature's registry holds). */
import type * as vscode from 'vscode';
import type { ExportOptions, ExportResult } from '../../../commands/exportCommand';
import type { Gateway } from '../../../gateway/gateway';
import type { TableState } from './model/tableState';

export interface TableProbe {
  readonly gateway: Gateway;
  readonly panel: vscode.WebviewPanel;
  /** Rows the host holds. */
  rowCount(): number;
  /** The last order sent (row indexes). */
  lastOrder(): readonly number[];
  state(): TableState;
  /** Bytes of every message sent to the webview so far (as JSON). */
  bytesSent(): number;
  /** The types of the last messages sent to the webview, oldest first (`view:counting` for a view without its facets). */
  messagesSent(): readonly string[];
  /** Messages from the webview that were not valid and were ignored. */
  ignored(): number;
  /** Handles a message as if the webview had sent it (tests). */
  receive(message: unknown): Promise<void>;
  /** Export as the webview's Export asks for it, with the export's questions answered in advance (tests). */
  exportRows(generation: number, rows: readonly number[] | 'filtered', options: ExportOptions): Promise<ExportResult | undefined>;
}
