import { strict as assert } from 'node:assert';
import type { KeyLookup } from '../../../src/auth/apiKeyStore';
import { LEGACY_KEYS_MOVED, LegacyKeyMigration, type MoveRecord } from '../../../src/auth/legacyKeyMigration';

/** Secrets by base URL; `broken` makes every read fail as an unreadable keyring does. */
class FakeKeys {
  public readonly secrets = new Map<string, string>();
  public broken = false;
  public moves = 0;

  public get(scope: string): Promise<KeyLookup> {
    if (this.broken) {
      return Promise.resolve({ kind: 'unavailable', reason: 'no secret service' });
    }
    const key = this.secrets.get(scope);
    return Promise.resolve(key === undefined ? { kind: 'missing' } : { kind: 'found', key });
  }

  public takeLegacy(origin: string, scope: string): Promise<string | undefined> {
    const key = this.secrets.get(origin);
    if (key !== undefined) {
      this.moves += 1;
      this.secrets.set(scope, key);
      this.secrets.delete(origin);
    }
    return Promise.resolve(key);
  }
}

function memento(): MoveRecord {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string): T | undefined => values.get(key) as T | undefined,
    update: (key: string, value: unknown): Promise<void> => {
      if (value === undefined) {
        values.delete(key);
      } else {
        values.set(key, value);
      }
      return Promise.resolve();
    },
  };
}

const ORIGIN = 'https://h.example';
const MOVE = { origin: ORIGIN, scope: `${ORIGIN}/gw` };

describe('LegacyKeyMigration (version 0.1 stored one key per origin)', () => {
  it('moves the key once and records it; later plans are never applied', async () => {
    const keys = new FakeKeys();
    const state = memento();
    const migration = new LegacyKeyMigration(state, keys);
    keys.secrets.set(ORIGIN, 'k1');
    await migration.ensure(() => [MOVE]);
    assert.equal(keys.secrets.get(MOVE.scope), 'k1');
    assert.equal(state.get(LEGACY_KEYS_MOVED), true);
    // A root gateway later stores its key under the same name; a new gateway on that host never takes it.
    keys.secrets.set(ORIGIN, 'root');
    await migration.ensure(() => [{ origin: ORIGIN, scope: `${ORIGIN}/v2` }]);
    await new LegacyKeyMigration(state, keys).ensure(() => [{ origin: ORIGIN, scope: `${ORIGIN}/v2` }]);
    assert.equal(keys.secrets.get(ORIGIN), 'root');
    assert.equal(keys.secrets.has(`${ORIGIN}/v2`), false);
    assert.equal(keys.moves, 1);
  });

  it('a gateway that has its own key keeps it, and 0.1 key stays where it is', async () => {
    const keys = new FakeKeys();
    keys.secrets.set(ORIGIN, 'old');
    keys.secrets.set(MOVE.scope, 'own');
    await new LegacyKeyMigration(memento(), keys).ensure(() => [MOVE]);
    assert.equal(keys.secrets.get(MOVE.scope), 'own');
    assert.equal(keys.secrets.get(ORIGIN), 'old');
  });

  it('callers of one window share one run; an unreadable keyring records nothing (the move waits for the next activation)', async () => {
    const keys = new FakeKeys();
    keys.broken = true;
    const state = memento();
    const migration = new LegacyKeyMigration(state, keys);
    let planned = 0;
    await Promise.all([migration.ensure(() => (planned++, [MOVE])), migration.ensure(() => (planned++, [MOVE]))]);
    assert.equal(planned, 1);
    assert.equal(migration.done, false);
    keys.broken = false;
    keys.secrets.set(ORIGIN, 'k');
    await new LegacyKeyMigration(state, keys).ensure(() => [MOVE]);
    assert.equal(keys.secrets.get(MOVE.scope), 'k');
  });
});
