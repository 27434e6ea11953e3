/**
 * Passes changed elements on to a tree's listeners at most once per interval: a change after a quiet interval is
 * passed on at once; the changes that follow within the interval are gathered (each element once, in order of its
 * first change) and passed on together when the interval ends. A single change is never delayed; a stream of them (a
 * Load All lands a page, and says it started the next one, every millisecond or so) costs one event per changed
 * element per interval instead of two per page, and the last change always reaches the listeners. Pure: no `vscode`.
 */
export class ChangeThrottle<T> {
  private readonly pending = new Set<T>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private disposed = false;

  public constructor(
    private readonly fire: (element: T) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `element` changed: passed on now, or at the end of the current interval (once, however often it changed). */
  public changed(element: T): void {
    if (this.disposed) {
      return;
    }
    const now = this.now();
    if (this.timer === undefined && now - this.lastFlush >= this.intervalMs) {
      this.lastFlush = now;
      this.fire(element);
      return;
    }
    this.pending.add(element);
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.intervalMs - (now - this.lastFlush)));
  }

  /** Forgets a gathered change of `element` (it was passed on another way). */
  public cancel(element: T): void {
    this.pending.delete(element);
  }

  /** Passes on what is gathered now (e.g. before the tree is read for a test or a reveal). */
  public flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending.size === 0) {
      return;
    }
    this.lastFlush = this.now();
    const elements = [...this.pending];
    this.pending.clear();
    for (const element of elements) {
      this.fire(element);
    }
  }

  /** Drops what is gathered; later changes are ignored. */
  public dispose(): void {
    this.disposed = true;
    this.pending.clear();
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}
