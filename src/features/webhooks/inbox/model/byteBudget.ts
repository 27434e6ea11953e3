/**
 * The bytes of bodies the inbox may hold in all: bodies still arriving (taken chunk by chunk by the receiver) and
 * bodies kept (the inbox's deliveries and their handlers' answers). When a chunk does not fit, the owner of the kept
 * bodies is asked to drop the oldest (`makeRoom`); when it still does not fit, `take` says no and the receiver answers
 * 503. Pure.
 */
export class ByteBudget {
  private arriving = 0;
  private kept = 0;

  public constructor(
    public limit: number,
    /** Frees at least `bytes` of kept bodies if it can (oldest first); returns the bytes freed. */
    private readonly makeRoom: (bytes: number) => number = () => 0,
  ) {}

  /** Bytes held now (arriving and kept). */
  public get used(): number {
    return this.arriving + this.kept;
  }

  /** Reserves `bytes` for a body arriving; false when they do not fit even after dropping kept bodies. */
  public take(bytes: number): boolean {
    const over = this.used + bytes - this.limit;
    if (over > 0) {
      this.makeRoom(over);
      if (this.used + bytes > this.limit) {
        return false;
      }
    }
    this.arriving += bytes;
    return true;
  }

  /** Gives back bytes reserved with `take` (the body was recorded, or given up). */
  public give(bytes: number): void {
    this.arriving = Math.max(0, this.arriving - bytes);
  }

  /** Kept bodies: `delta` bytes more (or fewer). The owner drops bodies when `over` says so. */
  public keep(delta: number): void {
    this.kept = Math.max(0, this.kept + delta);
  }

  /** Bytes over the limit now (0 when within it). */
  public over(): number {
    return Math.max(0, this.used - this.limit);
  }
}
