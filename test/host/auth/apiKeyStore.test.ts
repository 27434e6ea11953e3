// The key store over a keyring that fails (common on Linux): "no key" with a message that names the likely cause,
// logged, and the extension keeps working; and keys are kept per origin.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeNotReady } from '../../../src/gateway/gatewayText';
import { ApiKeyStore } from '../../../src/auth/apiKeyStore';
import { Logger } from '../../../src/log/logger';

class FakeSecrets implements vscode.SecretStorage {
  public readonly values = new Map<string, string>();
  public failing = false;
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  public readonly onDidChange = this.changed.event;

  public async get(key: string): Promise<string | undefined> {
    if (this.failing) {
      throw new Error('Cannot create an item in a locked collection');
    }
    return this.values.get(key);
  }
  public async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  public async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changed.fire({ key });
  }
  public async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
}

describe('API key store', () => {
  let logger: Logger;
  before(() => {
    logger = new Logger(undefined, 'Page Gateway (key store test)');
  });
  after(() => logger.dispose());

  it('keeps one key per origin and reports which origin changed', async () => {
    const secrets = new FakeSecrets();
    const store = new ApiKeyStore(secrets, logger);
    const changed: string[] = [];
    store.onDidChange((origin) => changed.push(origin));
    await store.store('https://a.example.com', 'key-a');
    await store.store('https://b.example.com', 'key-b');
    assert.deepEqual(await store.get('https://a.example.com'), { kind: 'found', key: 'key-a' });
    assert.deepEqual(await store.get('https://c.example.com'), { kind: 'missing' });
    await store.delete('https://a.example.com');
    assert.deepEqual(await store.get('https://a.example.com'), { kind: 'missing' });
    assert.deepEqual(changed, ['https://a.example.com', 'https://b.example.com', 'https://a.example.com']);
    assert.ok([...secrets.values.keys()].every((name) => name.startsWith('pageGateway.apiKey:')));
    store.dispose();
  });

  it('a keyring that cannot be read is "no key" with a message naming the likely cause, and is logged', async () => {
    const secrets = new FakeSecrets();
    secrets.failing = true;
    const store = new ApiKeyStore(secrets, logger);
    const lookup = await store.get('https://a.example.com');
    assert.equal(lookup.kind, 'unavailable');
    assert.ok(lookup.kind === 'unavailable');
    assert.match(lookup.reason, /locked collection/);
    const message = describeNotReady({ kind: 'keyUnavailable', reason: lookup.reason }, 'staging', 'https://a.example.com');
    assert.match(message, /keyring/);
    assert.match(message, /GNOME Keyring or KWallet/);
    assert.match(message, /Set API Key/);
    assert.ok(logger.recentLines().some((line) => line.includes('locked collection')), 'the failure is logged');
    store.dispose();
  });
});
