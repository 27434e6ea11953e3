// The log channel's writing of HTTP exchanges: one entry per exchange when they come one at a time, a burst (a Load
// All's pages) in few entries with every line in order, other lines never overtaking the burst, and every line at once
// at the debug and trace levels.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExchangeLog } from '../../../src/api/client';
import { GatewayError } from '../../../src/api/errors';
import { Logger } from '../../../src/log/logger';
import { sleep } from '../support';

/** A log channel at `level` that keeps the entries it would write (level and text), as the editor's drops the others. */
function recordingChannel(level: vscode.LogLevel): { channel: vscode.LogOutputChannel; entries: string[] } {
  const entries: string[] = [];
  const write = (name: string, at: vscode.LogLevel) => (message: string) => {
    if (level !== vscode.LogLevel.Off && at >= level) {
      entries.push(`[${name}] ${message}`);
    }
  };
  const { Trace, Debug, Info, Warning, Error } = vscode.LogLevel;
  const channel = { logLevel: level, trace: write('trace', Trace), debug: write('debug', Debug), info: write('info', Info), warn: write('warn', Warning), error: write('error', Error), dispose: () => undefined };
  return { channel: channel as unknown as vscode.LogOutputChannel, entries };
}

function exchange(page: number, error = false): ExchangeLog {
  return {
    method: 'GET',
    url: `http://127.0.0.1:1/v0/page_groups?limit=100&page=${page}`,
    attempt: 1,
    durationMs: 2,
    requestHeaders: { 'x-api-key': '[redacted]' },
    ...(error ? { status: 500, error: new GatewayError({ kind: 'server', method: 'GET', url: `http://127.0.0.1:1/v0/page_groups?page=${page}`, host: '127.0.0.1:1', origin: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:1', status: 500 }) } : { status: 200 }),
  };
}

/** The exchange lines the entries hold, in order (an entry may hold several). */
const linesOf = (entries: readonly string[]): string[] => entries.flatMap((entry) => entry.replace(/^\[\w+\] /, '').split('\n')).filter((line) => line.startsWith('GET '));

describe('Log channel: HTTP exchanges', () => {
  it('one exchange is written at once; a burst of 200 in a few entries, every line in order', async () => {
    const { channel, entries } = recordingChannel(vscode.LogLevel.Info);
    const logger = new Logger(undefined, 'test', channel);
    logger.exchange(exchange(0));
    assert.equal(entries.length, 1, 'a lone exchange is written at once');
    await sleep(300);
    for (let page = 1; page <= 200; page++) {
      logger.exchange(exchange(page));
    }
    await sleep(300);
    assert.ok(entries.length <= 4, `${entries.length} entries`);
    assert.deepEqual(
      linesOf(entries).map((line) => /page=(\d+)/.exec(line)?.[1]),
      Array.from({ length: 201 }, (_, page) => String(page)),
    );
    assert.equal(logger.linesSince(0).filter((line) => line.startsWith('[info] GET')).length, 201, 'every line is kept, one each');
    logger.dispose();
  });

  it('a failure or another line does not overtake the burst before it', () => {
    const { channel, entries } = recordingChannel(vscode.LogLevel.Info);
    const logger = new Logger(undefined, 'test', channel);
    logger.exchange(exchange(1));
    logger.exchange(exchange(2));
    logger.exchange(exchange(3));
    logger.exchange(exchange(4, true));
    logger.info('done');
    assert.deepEqual(
      entries.map((entry) => entry.replace(/ → .*$/gm, '').replace(/http:\/\/\S+page=/g, '')),
      ['[info] GET 1', '[info] GET 2\nGET 3', '[warn] GET 4', '[info] done'],
    );
    logger.dispose();
  });

  it('at the debug and trace levels every exchange is its own entry, with its headers after it', () => {
    const { channel, entries } = recordingChannel(vscode.LogLevel.Trace);
    const logger = new Logger(undefined, 'test', channel);
    for (let page = 1; page <= 3; page++) {
      logger.exchange(exchange(page));
    }
    assert.deepEqual(
      entries.map((entry) => entry.slice(0, 14)),
      ['[info] GET htt', '[trace] reques', '[info] GET htt', '[trace] reques', '[info] GET htt', '[trace] reques'],
    );
    logger.dispose();
  });
});
