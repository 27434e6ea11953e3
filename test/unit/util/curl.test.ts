import { strict as assert } from 'node:assert';
import { execFile, execFileSync } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { apiUrl } from '../../../src/api/baseUrl';
import { API_KEY_VARIABLE, curlCommand, curlCommandFor, shellQuote } from '../../../src/util/curl';

/**
 * Runs `command` in a real POSIX shell (/bin/sh) where `curl` is a shell function that prints each of its arguments
 * followed by a NUL byte: what curl would have received, word by word.
 */
function argumentsCurlWouldGet(command: string, key: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}\n`;
  const output = execFileSync('/bin/sh', ['-c', script], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', [API_KEY_VARIABLE]: key }, encoding: 'utf8' });
  const words = output.split('\u0000');
  assert.equal(words.pop(), '', 'every argument ends with NUL');
  return words;
}

describe('curl command', () => {
  it('reads exactly as documented', () => {
    assert.equal(
      curlCommand('https://api.example.com/v0/page_groups?limit=20&status=draft'),
      `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" 'https://api.example.com/v0/page_groups?limit=20&status=draft'`,
    );
  });

  it('real curl sends one request for a base path with [1-3] and {a,b} in it (no URL globbing)', async function () {
    this.timeout(20_000);
    const paths: string[] = [];
    const server = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      response.end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const command = curlCommand(`http://127.0.0.1:${port}/gw[1-3]{a,b}/v0/webhook_subscriptions`);
      await promisify(execFile)('/bin/sh', ['-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', [API_KEY_VARIABLE]: 'k' } });
      assert.deepEqual(paths, ['/gw[1-3]{a,b}/v0/webhook_subscriptions']);
    } finally {
      server.close();
    }
  });

  it('quotes single quotes, spaces, dollars, backquotes and unicode for a POSIX shell', () => {
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    assert.equal(shellQuote(''), `''`);
    assert.equal(shellQuote('a b'), `'a b'`);
    assert.equal(shellQuote('$HOME `id` $(id)'), `'$HOME \`id\` $(id)'`);
    assert.equal(shellQuote('bücher ✓'), `'bücher ✓'`);
    assert.throws(() => shellQuote('a\u0000b'), RangeError);
  });

  it('a request about one item of a list picks it out with jq, the value passed as data', () => {
    const url = 'https://h.example/v0/webhook_subscriptions';
    assert.equal(curlCommandFor({ url }), curlCommand(url));
    assert.equal(curlCommandFor({ url, select: { field: 'id', value: 'wh_1' } }), `${curlCommand(url)} | jq --arg value 'wh_1' '.[] | select(.id == $value)'`);
    const hostile = `x' ; rm -rf ~ ; '") | $value`;
    const list = JSON.stringify([{ id: 'other' }, { id: hostile, n: 1 }]);
    // A real shell and jq, with curl replaced by a function printing the list: only the item with that id comes out.
    const command = curlCommandFor({ url, select: { field: 'id', value: hostile } }).replace(/^curl /, 'fake ');
    const out = execFileSync('/bin/sh', ['-c', `fake() { printf '%s' ${shellQuote(list)}; }; ${command}`], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { id: hostile, n: 1 });
  });

  it('a real shell passes the URL and the header through unchanged, for awkward values', () => {
    const key = `k'ey "with" $PATH \`id\` * spaces`;
    for (const url of [
      "https://h.example/v0/page_groups?status=it's&limit=20",
      'https://h.example/gw/v0/page_groups?status=a b&cursor=$(rm -rf ~)',
      'https://bücher.example/v0/webhook_subscriptions',
      'https://h.example/v0/page_groups?status=%22%27%24',
      "'''",
      '\\',
      'line one\nline two',
      '!event:p',
    ]) {
      assert.deepEqual(argumentsCurlWouldGet(curlCommand(url), key), ['-sS', '--globoff', '-H', `x-api-key: ${key}`, url], url);
    }
  });

  it('property: a POSIX shell parses the command back to the same URL and header', function () {
    this.timeout(60_000);
    const noNul = (s: string): boolean => !s.includes('\u0000');
    const value = fc.string({ unit: 'binary', maxLength: 40 }).filter(noNul);
    const key = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter(noNul);
    fc.assert(
      fc.property(value, value, fc.option(value), key, (status, base, cursor, apiKey) => {
        // Either a request URL as the views build it (query values percent-encoded) or raw text, which is harder.
        for (const url of [apiUrl('https://h.example/gw', 'v0/page_groups', { limit: 20, status, cursor: cursor ?? undefined }), `${base}?${status}`]) {
          const [silent, globoff, flag, header, parsedUrl, ...rest] = argumentsCurlWouldGet(curlCommand(url), apiKey);
          assert.equal(silent, '-sS');
          assert.equal(globoff, '--globoff');
          assert.equal(flag, '-H');
          assert.equal(header, `x-api-key: ${apiKey}`);
          assert.equal(parsedUrl, url);
          assert.deepEqual(rest, []);
        }
      }),
      { numRuns: 100 },
    );
  });
});
