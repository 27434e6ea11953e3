/**
 * What the editor was last told of each context key, and the telling: `set` sends a key only when its value differs
 * from the one last sent. Each send is a message to the editor, and an array (a new object there every time) makes it
 * re-evaluate every menu that names the key, redrawing view title actions under a user's pointer. Pure: no `vscode`.
 */
export class ContextKeyMirror {
  private readonly values = new Map<string, unknown>();

  public constructor(private readonly send: (key: string, value: unknown) => void) {}

  /** Sends `value` for `key` unless it equals the value last sent; returns whether it was sent. */
  public set(key: string, value: unknown): boolean {
    if (this.values.has(key) && sameValue(this.values.get(key), value)) {
      return false;
    }
    // A copy of an array: a caller changing its array later does not change what the mirror says was sent.
    this.values.set(key, Array.isArray(value) ? [...(value as unknown[])] : value);
    this.send(key, value);
    return true;
  }

  /** The value last sent for `key` (undefined when never set). */
  public get(key: string): unknown {
    return this.values.get(key);
  }
}

/** Equal primitives, or arrays of equal primitives in the same order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => item === b[index]);
  }
  return a === b;
}
