/**
 * Coalesces tree refreshes: the first change renders at once, later ones at most every `intervalMs`, so a "Load All"
 * of a hundred pages re-renders a few times per second instead of a hundred times. A root refresh covers every node.
 */
export class RefreshScheduler<T> {
  private readonly nodes = new Set<T>();
  private root = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = 0;

  public constructor(
    private readonly fire: (node: T | undefined) => void,
    private readonly intervalMs = 100,
  ) {}

  /** `undefined` refreshes the root (and so everything). */
  public schedule(node: T | undefined): void {
    if (node === undefined) {
      this.root = true;
    } else {
      this.nodes.add(node);
    }
    if (this.timer === undefined) {
      const wait = Math.max(0, this.lastFlush + this.intervalMs - Date.now());
      this.timer = setTimeout(() => this.flush(), wait);
    }
  }

  public dispose(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private flush(): void {
    this.timer = undefined;
    this.lastFlush = Date.now();
    if (this.root) {
      this.root = false;
      this.nodes.clear();
      this.fire(undefined);
      return;
    }
    const nodes = [...this.nodes];
    this.nodes.clear();
    nodes.forEach((node) => this.fire(node));
  }
}
