/**
 * Load All's progress bar, in percent: it fills toward the count the list had when last counted whole. It never moves
 * back, and it stops one short of its end until the load ends (the list may have grown since it was counted). It moves
 * at most once every BAR_MOVE_INTERVAL_MS: each move is a short animation of its width, which the editor draws frame by
 * frame on its main thread. With no count known there is nothing to fill toward: the bar runs without an end. Pure: no
 * `vscode`.
 */

/** The shortest time between two moves of the bar (its message may change more often). */
export const BAR_MOVE_INTERVAL_MS = 1000;

export class LoadAllBar {
  /** Percent shown so far. */
  private shown = 0;
  /** When the bar last moved. */
  private movedAt = Number.NEGATIVE_INFINITY;

  public constructor(
    /** The count the list had when last counted whole; undefined when never. */
    public readonly expected: number | undefined,
  ) {}

  /** Whether the bar fills toward a count (otherwise it runs without an end). */
  public get filling(): boolean {
    return this.expected !== undefined && this.expected > 0;
  }

  /**
   * The step to add to the bar now (`now`: ms, any clock) that `loaded` items are loaded, in percent: 0 when it does
   * not move; undefined for a bar without an end (nothing to add).
   */
  public step(loaded: number, now: number): number | undefined {
    if (!this.filling) {
      return undefined;
    }
    if (now - this.movedAt < BAR_MOVE_INTERVAL_MS) {
      return 0;
    }
    const share = Math.min(99, Math.floor((Math.max(0, loaded) * 100) / (this.expected as number)));
    const step = Math.max(0, share - this.shown);
    if (step > 0) {
      this.shown += step;
      this.movedAt = now;
    }
    return step;
  }

  /** Whether `loaded` is still within the count (the message says "N of about M"; past it, "N loaded"). */
  public within(loaded: number): boolean {
    return this.filling && loaded <= (this.expected as number);
  }
}
