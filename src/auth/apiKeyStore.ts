/**
 * API keys in the editor's SecretStorage, one per gateway origin, so switching `baseUrl` switches keys and a key is
 * never offered to another origin. Secrets are shared by all windows: changes from another window are reported too.
 */
import * as vscode from 'vscode';
import type { Logger } from '../log/logger';

const PREFIX = 'pageGateway.apiKey:';

export type KeyLookup =
  | { readonly kind: 'found'; readonly key: string }
  | { readonly kind: 'missing' }
  /** The keyring could not be read (common on Linux without a running secret service). */
  | { readonly kind: 'unavailable'; readonly message: string };

export function secretName(origin: string): string {
  return `${PREFIX}${origin}`;
}

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the origin whose key was stored or deleted (in this window or another). */
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

  public async get(origin: string): Promise<KeyLookup> {
    try {
      const key = await this.secrets.get(secretName(origin));
      return key ? { kind: 'found', key } : { kind: 'missing' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Reading the API key for ${origin} from secret storage failed: ${reason}`);
      return {
        kind: 'unavailable',
        message:
          `The API key for ${origin} could not be read from the system keyring (${reason}). ` +
          'On Linux this usually means no secret service (GNOME Keyring or KWallet) is running or it is locked; ' +
          'unlock or start it, or set the key again with “Page Gateway: Set API Key…”.',
      };
    }
  }

  public async store(origin: string, key: string): Promise<void> {
    await this.secrets.store(secretName(origin), key);
  }

  public async delete(origin: string): Promise<void> {
    await this.secrets.delete(secretName(origin));
  }

  public dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
