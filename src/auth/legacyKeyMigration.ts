/**
 * The one-time move of the API keys version 0.1 stored per origin. It runs once per installation, at the first key
 * lookup after the update, and is recorded in the editor's global state: after that no key is ever moved without
 * the user's action. Only a key that 0.1 wrote can be found then (this version never ran before), and only for a
 * gateway that `ownsLegacyKey` names (so never a key a gateway at the origin itself owns: the secret name is the same).
 * A keyring that cannot be read leaves the move for the next activation: nothing is recorded then.
 */
import type { ApiKeyStore } from './apiKeyStore';

/** What the move needs of the editor's global state (`ExtensionContext.globalState`). */
export interface MoveRecord {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** What the move needs of the key store. */
export type LegacyKeys = Pick<ApiKeyStore, 'get' | 'takeLegacy'>;

/** The global state entry recording that the move ran. */
export const LEGACY_KEYS_MOVED = 'pageGateway.legacyKeysMoved';

/** A key to move: 0.1's key of `origin` goes to the gateway at `scope` (a base URL with a path on that origin). */
export interface LegacyKeyMove {
  readonly origin: string;
  readonly scope: string;
}

export class LegacyKeyMigration {
  private running: Promise<void> | undefined;

  public constructor(
    private readonly state: MoveRecord,
    private readonly keys: LegacyKeys,
  ) {}

  /** Whether the move ran (in this window or an earlier one). */
  public get done(): boolean {
    return this.state.get<boolean>(LEGACY_KEYS_MOVED) === true;
  }

  /**
   * Runs the move once, with the moves `planned` names at that moment; resolves at once when it already ran. Every
   * caller of one window shares one run; never rejects.
   */
  public ensure(planned: () => readonly LegacyKeyMove[]): Promise<void> {
    if (this.done) {
      return Promise.resolve();
    }
    this.running ??= this.run(planned()).catch(() => undefined);
    return this.running;
  }

  /** Forgets that the move ran, as before the first activation after an update (for the extension-host tests). */
  public async forget(): Promise<void> {
    this.running = undefined;
    await this.state.update(LEGACY_KEYS_MOVED, undefined);
  }

  private async run(moves: readonly LegacyKeyMove[]): Promise<void> {
    let readable = true;
    for (const move of moves) {
      const own = await this.keys.get(move.scope);
      if (own.kind === 'unavailable') {
        readable = false;
        continue;
      }
      if (own.kind === 'missing') {
        const legacy = await this.keys.get(move.origin);
        readable &&= legacy.kind !== 'unavailable';
        if (legacy.kind === 'found') {
          await this.keys.takeLegacy(move.origin, move.scope);
        }
      }
    }
    if (readable) {
      await this.state.update(LEGACY_KEYS_MOVED, true);
    }
  }
}
