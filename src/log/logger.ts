/**
 * The "Page Gateway" log channel. Each HTTP exchange at info (method, URL, status, time), headers at trace with the
 * API key redacted. Keeps the last lines in memory (diagnostics) and counts every line written, so a test can tell
 * which lines a step wrote; the channel's own file is where everything goes.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ExchangeLog } from '../api/client';
import { formatExchange, formatHeaders } from './exchangeFormat';

const KEPT_LINES = 2000;

export class Logger implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly recent: string[] = [];
  private written = 0;

  /** `logFolder`: the extension's log folder (`ExtensionContext.logUri`), where the channel writes its file. */
  public constructor(
    private readonly logFolder?: vscode.Uri,
    private readonly name = l10n.t('Page Gateway'),
  ) {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  public exchange(log: ExchangeLog): void {
    const line = formatExchange(log);
    if (log.error && log.willRetryInMs === undefined) {
      this.warn(line);
    } else {
      this.info(line);
    }
    this.trace(`request headers: ${formatHeaders(log.requestHeaders)}`); // l10n-ignore: a log line (English, for bug reports)
    if (log.responseHeaders) {
      this.trace(`response headers: ${formatHeaders(log.responseHeaders)}`); // l10n-ignore: a log line (English, for bug reports)
    }
  }

  public info(message: string): void {
    this.keep('info', message);
    this.channel.info(message);
  }

  public warn(message: string): void {
    this.keep('warn', message);
    this.channel.warn(message);
  }

  public error(message: string): void {
    this.keep('error', message);
    this.channel.error(message);
  }

  public trace(message: string): void {
    this.keep('trace', message);
    this.channel.trace(message);
  }

  public show(): void {
    this.channel.show(true);
  }

  /** The most recent lines written (all levels, at most 2,000), for diagnostics. */
  public recentLines(): readonly string[] {
    return this.recent.slice(-KEPT_LINES);
  }

  /** How many lines were written since activation (it only grows: use it as a mark). */
  public get lineCount(): number {
    return this.written;
  }

  /** The lines written after `mark` (a `lineCount`), as far as they are still kept in memory. */
  public linesSince(mark: number): readonly string[] {
    const wanted = this.written - mark;
    if (wanted > this.recent.length) {
      // l10n-ignore: a programming error of a test helper, never shown
      throw new Error(`${wanted} lines were written since the mark, more than the ${this.recent.length} kept`);
    }
    return wanted <= 0 ? [] : this.recent.slice(this.recent.length - wanted);
  }

  /** The file the channel writes (in the extension's log folder), when known. */
  public get file(): vscode.Uri | undefined {
    return this.logFolder && vscode.Uri.joinPath(this.logFolder, `${this.name}.log`);
  }

  public dispose(): void {
    this.channel.dispose();
  }

  private keep(level: string, message: string): void {
    this.written += 1;
    this.recent.push(`[${level}] ${message}`);
    // Cut back to KEPT_LINES once twice as many are held, not by one line at every line past them: that moved 2,000
    // lines a line (a Load All of 100,000 logs 2,000 lines: 100 ms of the extension host's time in its profile).
    if (this.recent.length >= 2 * KEPT_LINES) {
      this.recent.splice(0, this.recent.length - KEPT_LINES);
    }
  }
}
