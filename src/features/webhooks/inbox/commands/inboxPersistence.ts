/**
 * Keeps the inbox's deliveries across a window reload: the last `maxDeliveries` (bodies as the inbox holds them, so
 * within its byte budget) in one file of the extension's own storage for this workspace, written a few seconds after
 * a change and when the window closes, read back when the window opens. Only on a local file system; a file that
 * cannot be read or written is logged and ignored (the inbox works as before, in memory).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { Logger } from '../../../../log/logger';
import { parsePersisted, persistedLine } from '../model/persistedDelivery';
import type { InboxSession } from './inboxSession';

const FILE = 'webhook-inbox-deliveries.ndjson';
const DELAY_MS = 3000;

export class InboxPersistence implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private savedVersion = -1;
  private readonly subscription: vscode.Disposable;
  private readonly file: string | undefined;

  public constructor(
    private readonly session: InboxSession,
    storage: vscode.Uri | undefined,
    private readonly logger: Logger,
  ) {
    this.file = storage?.scheme === 'file' ? path.join(storage.fsPath, FILE) : undefined;
    this.subscription = session.onDidChange(() => {
      if (this.file !== undefined && this.timer === undefined) {
        this.timer = setTimeout(() => this.saveNow(), DELAY_MS);
      }
    });
  }

  /** Reads the last window's deliveries back (before any received since); resolves with how many. */
  public async load(): Promise<number> {
    if (this.file === undefined) {
      return 0;
    }
    let text: string;
    try {
      text = await fs.promises.readFile(this.file, 'utf8');
    } catch {
      return 0;
    }
    const deliveries = parsePersisted(text, this.session.inbox.capacity);
    if (deliveries.length > 0) {
      this.session.inbox.restore(deliveries);
      this.savedVersion = this.session.inbox.version;
    }
    return deliveries.length;
  }

  /** Writes the deliveries now (a temporary file, then renamed: a crash never leaves half a file). */
  public saveNow(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const inbox = this.session.inbox;
    if (this.file === undefined || inbox.version === this.savedVersion) {
      return;
    }
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.tmp`;
      fs.writeFileSync(temporary, inbox.deliveries().map(persistedLine).join(''));
      fs.renameSync(temporary, this.file);
      this.savedVersion = inbox.version;
    } catch (error) {
      this.logger.warn(`Webhook Inbox: the deliveries could not be kept for the next window: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  public dispose(): void {
    this.subscription.dispose();
    this.saveNow();
  }
}
