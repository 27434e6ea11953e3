/**
 * The "Page Gateway" log channel. Each HTTP exchange at info (method, URL, status, time), headers at trace with the
 * API key redacted; a burst of exchanges (a Load All's pages) goes out as one entry every BURST_MS. Keeps the last
 * lines in memory (diagnostics) and counts every line written, so a test can tell which lines a step wrote; the
 * channel's own file is where everything goes.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ExchangeLog } from '../api/client';
import { formatExchange, formatHeaders } from './exchangeFormat';

const KEPT_LINES = 2000;
/**
 * Exchanges less than this apart are a burst: after its first line, its lines are written together, one entry at most
 * this often. Each entry is a message to the editor's window (which writes the file): a Load All's 1,000 of them in a
 * few seconds competed with the Load All for a small machine's CPUs (npm run bench: Load All with the status expanded).
 */
const BURST_MS = 250;

export class Logger implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly recent: string[] = [];
  private written = 0;
  /** The lines of the burst not written yet, in order. */
  private burst: string[] = [];
  private burstTimer: ReturnType<typeof setTimeout> | undefined;
  private lastExchangeAt = Number.NEGATIVE_INFINITY;

  /** `logFolder`: the extension's log folder (`ExtensionContext.logUri`), where the channel writes its file. */
  /** `channel`: where the lines go (the editor's log channel of that name; a test may give its own). */
  public constructor(
    private readonly logFolder?: vscode.Uri,
    private readonly name = l10n.t('Page Gateway'),
    channel?: vscode.LogOutputChannel,
  ) {
    this.channel = channel ?? vscode.window.createOutputChannel(name, { log: true });
  }

  public exchange(log: ExchangeLog): void {
    const line = formatExchange(log);
    if (log.error && log.willRetryInMs === undefined) {
      this.warn(line);
    } else {
      this.exchangeInfo(line);
    }
    this.trace(`request headers: ${formatHeaders(log.requestHeaders)}`); // l10n-ignore: a log line (English, for bug reports)
    if (log.responseHeaders) {
      this.trace(`response headers: ${formatHeaders(log.responseHeaders)}`); // l10n-ignore: a log line (English, for bug reports)
    }
  }

  public info(message: string): void {
    this.keep('info', message);
    this.flushBurst();
    this.channel.info(message);
  }

  public warn(message: string): void {
    this.keep('warn', message);
    this.flushBurst();
    this.channel.warn(message);
  }

  public error(message: string): void {
    this.keep('error', message);
    this.flushBurst();
    this.channel.error(message);
  }

  public trace(message: string): void {
    this.keep('trace', message);
    this.channel.trace(message);
  }

  /**
   * An exchange's line at info: the first of a burst at once, the burst's next ones together (one entry, in order)
   * BURST_MS later, or before any other line. At the debug and trace levels every line is written at once, with its
   * own time and its headers after it.
   */
  private exchangeInfo(line: string): void {
    this.keep('info', line);
    const now = performance.now();
    const inBurst = now - this.lastExchangeAt < BURST_MS;
    this.lastExchangeAt = now;
    if ((!inBurst && this.burstTimer === undefined) || this.channel.logLevel < vscode.LogLevel.Info) {
      this.flushBurst();
      this.channel.info(line);
      return;
    }
    this.burst.push(line);
    this.burstTimer ??= setTimeout(() => this.flushBurst(), BURST_MS);
  }

  private flushBurst(): void {
    if (this.burstTimer !== undefined) {
      clearTimeout(this.burstTimer);
      this.burstTimer = undefined;
    }
    if (this.burst.length > 0) {
      this.channel.info(this.burst.join('\n'));
      this.burst = [];
    }
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
    this.flushBurst();
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
