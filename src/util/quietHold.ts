/**
 * Holds back an element's changes while they keep coming: the element is passed on once its changes have paused for
 * `quietMs`, or at once when `release`d. However often it changed meanwhile, it is passed on once. Meant for a stream
 * whose listener would act on its first change at once and on the rest only when the stream ends (a tree view the
 * editor re-reads on the first event after a pause): a stream faster than `quietMs` reaches it once, at its end. Pure:
 * no `vscode`.
 */
export class QuietHold<T> {
  private readonly timers = new Map<T, ReturnType<typeof setTimeout>>();
  private disposed = false;

  public constructor(
    private readonly fire: (element: T) => void,
    private readonly quietMs: number,
  ) {}

  /** `element` changed: passed on `quietMs` after its last change, unless it changes again or is released first. */
  public hold(element: T): void {
    if (this.disposed) {
      return;
    }
    const timer = this.timers.get(element);
    if (timer !== undefined) {
      clearTimeout(timer);
    }
    this.timers.set(
      element,
      setTimeout(() => {
        this.timers.delete(element);
        this.fire(element);
      }, this.quietMs),
    );
  }

  /** Whether a change of `element` is held now. */
  public holds(element: T): boolean {
    return this.timers.has(element);
  }

  /** Forgets the held change of `element` (it is passed on another way); nothing is passed on. */
  public cancel(element: T): void {
    const timer = this.timers.get(element);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.timers.delete(element);
    }
  }

  /** Drops every held change; later changes are ignored. */
  public dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) {
      clearTimeout(timer);
    }
    this.timers.clear();
  }
}
