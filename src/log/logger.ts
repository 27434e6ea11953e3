/**
 * The "Page Gateway" log channel. Each HTTP exchange at info (method, URL, status, time), headers at trace with the
 * API key redacted. Keeps the last lines in memory so tests can check that the key never appears.
 */
import * as vscode from 'vscode';
import type { ExchangeLog } from '../api/client';
import { formatExchange, formatHeaders } from './exchangeFormat';

const KEPT_LINES = 2000;

export class Logger implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly recent: string[] = [];

  public constructor(name = 'Page Gateway') {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  public exchange(log: ExchangeLog): void {
    const line = formatExchange(log);
    if (log.error && log.willRetryInMs === undefined) {
      this.warn(line);
    } else {
      this.info(line);
    }
    this.trace(`request headers: ${formatHeaders(log.requestHeaders)}`);
    if (log.responseHeaders) {
      this.trace(`response headers: ${formatHeaders(log.responseHeaders)}`);
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

  /** The most recent lines written (all levels), for diagnostics and tests. */
  public recentLines(): readonly string[] {
    return this.recent;
  }

  public dispose(): void {
    this.channel.dispose();
  }

  private keep(level: string, message: string): void {
    this.recent.push(`[${level}] ${message}`);
    if (this.recent.length > KEPT_LINES) {
      this.recent.splice(0, this.recent.length - KEPT_LINES);
    }
  }
}
