/**
 * Where the user was in a table: its scroll position, the active cell, the selection and whether the filters' panel
 * was shown. The webview keeps it with the editor (its webview state) so that a tab hidden and shown again, or brought
 * back after a window reload, opens where it was left, not at its top. Rows are told by position in the order shown
 * and checked by page group id when put back: a row that moved or left is not selected again, and the active cell
 * falls back to its old position. Pure: no `vscode`, no DOM (the webview bundle and the unit tests use it).
 */

/** A run of selected positions: its first position, its length, and the id of the row at its first position. */
export type SelectedRun = readonly [start: number, length: number, id: string | null];

export interface TablePlace {
  /** The grid's scroll position in pixels. */
  readonly scrollTop: number;
  /** The active cell: a position in the shown rows (-1: the header row), its column, and the row's page group id. */
  readonly active: { readonly position: number; readonly column: string; readonly id: string | null };
  readonly selection: readonly SelectedRun[];
  readonly filtersHidden: boolean;
}

/** Runs kept at most: a selection of more separate pieces than this is not kept (Ctrl+A or Shift ranges are one run each). */
export const MAX_SELECTED_RUNS = 2000;
/** Ids longer than this are not kept (an id is checked, not shown: a longer one is told apart by its start). */
const MAX_ID_LENGTH = 200;

/** The selection (sorted positions in the shown order) as runs, each checked by the id at its start. */
export function selectionRuns(positions: readonly number[], idAt: (position: number) => string | null): SelectedRun[] {
  const runs: SelectedRun[] = [];
  let start = -1;
  let length = 0;
  const close = (): void => {
    if (length > 0) {
      runs.push([start, length, clip(idAt(start))]);
    }
  };
  for (const position of positions) {
    if (length > 0 && position === start + length) {
      length += 1;
      continue;
    }
    close();
    start = position;
    length = 1;
  }
  close();
  return runs.length > MAX_SELECTED_RUNS ? [] : runs;
}

/** The positions to select again: each run whose first row still has its id, within the `count` rows shown. */
export function selectedAgain(runs: readonly SelectedRun[], count: number, idAt: (position: number) => string | null): number[] {
  const positions: number[] = [];
  for (const [start, length, id] of runs) {
    if (start >= count || clip(idAt(start)) !== id) {
      continue;
    }
    for (let position = start; position < Math.min(count, start + length); position++) {
      positions.push(position);
    }
  }
  return positions;
}

/**
 * Where the active cell goes back to: the position of its row when that row is still at `position` or found among
 * the `count` rows shown, else the old position kept within them.
 */
export function activeAgain(active: TablePlace['active'], count: number, idAt: (position: number) => string | null): number {
  if (active.position < 0 || count === 0) {
    return active.position < 0 ? -1 : 0;
  }
  if (active.position < count && clip(idAt(active.position)) === active.id) {
    return active.position;
  }
  if (active.id !== null) {
    for (let position = 0; position < count; position++) {
      if (clip(idAt(position)) === active.id) {
        return position;
      }
    }
  }
  return Math.min(active.position, count - 1);
}

function clip(id: string | null): string | null {
  return id === null ? null : id.slice(0, MAX_ID_LENGTH);
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A place from the webview's saved state (written by any version, or not at all): undefined unless every part is valid. */
export function readPlace(saved: unknown): TablePlace | undefined {
  if (typeof saved !== 'object' || saved === null) {
    return undefined;
  }
  const { scrollTop, active, selection, filtersHidden } = saved as Record<string, unknown>;
  if (typeof scrollTop !== 'number' || !Number.isFinite(scrollTop) || scrollTop < 0 || typeof filtersHidden !== 'boolean') {
    return undefined;
  }
  if (typeof active !== 'object' || active === null) {
    return undefined;
  }
  const { position, column, id } = active as Record<string, unknown>;
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < -1 || typeof column !== 'string' || !isId(id)) {
    return undefined;
  }
  if (!Array.isArray(selection) || selection.length > MAX_SELECTED_RUNS) {
    return undefined;
  }
  const runs: SelectedRun[] = [];
  for (const run of selection as unknown[]) {
    if (!Array.isArray(run) || run.length !== 3 || !isCount(run[0]) || !isCount(run[1]) || run[1] === 0 || !isId(run[2])) {
      return undefined;
    }
    runs.push([run[0], run[1], run[2]]);
  }
  return { scrollTop, active: { position, column, id }, selection: runs, filtersHidden };
}

function isId(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && value.length <= MAX_ID_LENGTH);
}
