/**
 * The rows sent to the webview in compact column batches (model/tableRows.ts `cells`), not one JSON of objects: all
 * at once after a new generation or an append, or, when a webview starts, one batch each time it asks for more (it
 * asks once it has painted its first screen, then after each batch it took in). So the view and the answers to a
 * sort or a filter never wait behind megabytes of rows in the editor's message queue, and the window's main thread
 * (which the webview shares) is never flooded. When the last batch is out, the ranks of the first
 * IDLE_RANKED_COLUMNS text columns shown (by default the title and the name) are made while the user looks, so that
 * the first sort by one of them costs what a later one does.
 */
import type { CheckedPageGroup } from '../../../api/model';
import { itemProblemText } from '../../../text/itemProblemText';
import { COLUMN_KINDS } from './model/tableColumns';
import { ROW_BATCH } from './model/tableBatch';
import type { HostMessage, RowBatch } from './model/tableProtocol';
import type { TableRows } from './model/tableRows';
import type { TableState } from './model/tableState';

/** Text columns ranked ahead, while the user looks at a new table (each is about 100 ms of CPU per 100,000 rows). */
const IDLE_RANKED_COLUMNS = 2;

function problemsOf(item: CheckedPageGroup): string | null {
  return item.problems.length === 0 ? null : item.problems.map((problem) => itemProblemText(problem)).join('\n');
}

export class RowBatches {
  /** Row batches not sent yet: the next is sent when the webview asks for more. */
  private pending: { readonly next: number; readonly to: number; readonly generation: number } | undefined;
  /** Text columns whose sort ranks were made ahead while idle. */
  private readonly ranked = new Set<string>();
  private stopped = false;

  /** `post` sends a message to the webview; `state` is the table's state in force (which columns are shown). */
  public constructor(
    private readonly rows: TableRows,
    private readonly post: (message: HostMessage) => void,
    private readonly state: () => TableState,
  ) {}

  /** Whether batches are still waiting for the webview to ask. */
  public get waiting(): boolean {
    return this.pending !== undefined;
  }

  /** The rows at `indexes` as one batch; `start` says they are consecutive from there (else they go by index). */
  public batch(indexes: readonly number[], start: number | undefined): RowBatch {
    const { cells, deleted, count } = this.rows.cells(indexes);
    return {
      type: 'rows',
      generation: this.rows.generation,
      total: this.rows.rows.length,
      ...(start === undefined ? { indexes } : { start }),
      count,
      cells,
      deleted,
      problems: indexes.map((index) => problemsOf(this.rows.rows[index] as CheckedPageGroup)),
    };
  }

  /** Sends the rows from `from` to the end now, in batches (an empty batch when there are no rows at all). */
  public sendFrom(from: number): void {
    const total = this.rows.rows.length;
    for (let start = from; start < total || (start === 0 && total === 0); start += ROW_BATCH) {
      const end = Math.min(total, start + ROW_BATCH);
      const indexes = Array.from({ length: end - start }, (_, i) => start + i);
      this.post(this.batch(indexes, start));
      if (total === 0) {
        return;
      }
    }
  }

  /** Rows `from` to `to` of `generation`, one batch each time the webview asks for more (`more`). */
  public sendLater(from: number, to: number, generation: number): void {
    this.pending = { next: from, to, generation };
  }

  /**
   * The next batch, when some wait. Returns true when the last one was already out (or the rows changed generation
   * meanwhile): the caller then sends the status again; the idle ranking starts.
   */
  public more(): boolean {
    const pending = this.pending;
    if (pending === undefined || this.stopped) {
      return false;
    }
    if (pending.generation !== this.rows.generation || pending.next >= pending.to) {
      this.pending = undefined;
      setImmediate(() => this.rankIdle());
      return true;
    }
    const end = Math.min(pending.to, pending.next + ROW_BATCH);
    this.post(this.batch(Array.from({ length: end - pending.next }, (_, i) => pending.next + i), pending.next));
    this.pending = { ...pending, next: end };
    return false;
  }

  /** No more batches nor ranking (the panel closed). */
  public stop(): void {
    this.stopped = true;
  }

  /** Sort ranks of the shown text columns, one column per turn of the event loop (kept by TableRows per row count). */
  private rankIdle(): void {
    const state = this.state();
    const hidden = new Set(state.hidden);
    const column = state.order.find((id) => COLUMN_KINDS[id] === 'text' && !hidden.has(id) && !this.ranked.has(id));
    if (this.stopped || column === undefined || this.pending !== undefined || this.ranked.size >= IDLE_RANKED_COLUMNS) {
      return;
    }
    this.ranked.add(column);
    this.rows.ranks(column);
    setImmediate(() => this.rankIdle());
  }
}
