/**
 * API keys in the editor's SecretStorage, one per scope: a gateway's base URL (origin and path prefix), or its URL and
 * name when several gateways share that URL (see `keySlots` in gatewayConfig.ts), so two gateways keep separate keys
 * and a key is never offered to another base URL. Secrets are shared by all windows: changes
 * from another window are reported too. Version 0.1 stored keys per origin; `takeLegacy` moves such a key.
 */
import * as vscode from 'vscode';
import type { Logger } from '../log/logger';

const PREFIX = 'pageGateway.apiKey:';

export type KeyLookup =
  | { readonly kind: 'found'; readonly key: string }
  | { readonly kind: 'missing' }
  /** The keyring could not be read (common on Linux without a running secret service). */
  | { readonly kind: 'unavailable'; readonly reason: string };

/** The secret's name for a base URL (`https://host/prefix`); for a base URL without a path this is 0.1's name too. */
export function secretName(scope: string): string {
  return `${PREFIX}${scope}`;
}

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the base URL whose key was stored or deleted (in this window or another). */
  public readonly onDidChange: vscode.Event<string> = this.changed.event;
  private readonly subscription: vscode.Disposable;

  public constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: Logger,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key.startsWith(PREFIX)) {
        this.changed.fire(event.key.slice(PREFIX.length));
      }
    });
  }

  public async get(scope: string): Promise<KeyLookup> {
    try {
      const key = await this.secrets.get(secretName(scope));
      return key ? { kind: 'found', key } : { kind: 'missing' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Reading the API key for ${scope} from secret storage failed: ${reason}`);
      return { kind: 'unavailable', reason };
    }
  }

  /** Moves 0.1's key of `origin` to `scope`; the key, or undefined when there was none (or it could not be moved). */
  public async takeLegacy(origin: string, scope: string): Promise<string | undefined> {
    const legacy = await this.get(origin);
    if (legacy.kind !== 'found') {
      return undefined;
    }
    try {
      await this.secrets.store(secretName(scope), legacy.key);
      await this.secrets.delete(secretName(origin));
      this.logger.info(`Moved the API key stored for ${origin} by version 0.1 to the gateway ${scope}.`);
      return legacy.key;
    } catch (error) {
      this.logger.error(`Moving the API key of ${origin} to ${scope} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * Moves the key stored under `from` to `to` (stored first, then deleted, so no moment has neither); the key, or
   * undefined when `from` held none or the move failed (then nothing is lost: `from` still holds it).
   */
  public async move(from: string, to: string): Promise<string | undefined> {
    const found = await this.get(from);
    if (found.kind !== 'found') {
      return undefined;
    }
    try {
      await this.secrets.store(secretName(to), found.key);
      await this.secrets.delete(secretName(from));
      this.logger.info(`Moved the API key stored for ${from} to ${to}.`);
      return found.key;
    } catch (error) {
      this.logger.error(`Moving the API key of ${from} to ${to} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  public async store(scope: string, key: string): Promise<void> {
    await this.secrets.store(secretName(scope), key);
  }

  public async delete(scope: string): Promise<void> {
    await this.secrets.delete(secretName(scope));
  }

  public dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
