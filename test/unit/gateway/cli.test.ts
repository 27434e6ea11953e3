import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseCliArgs } from '../../gateway/cli';
import { SAMPLE_API_KEY } from '../../gateway/server';
import { getPage, getReply } from '../../gateway/testFetch';

describe('sample gateway CLI', () => {
  it('parses options, repeated faults included', () => {
    const options = parseCliArgs(['--port', '8123', '--api-key', 'k', '--page-groups', '40', '--fault', '{"kind":"delay","ms":5}',
      '--fault', '{"kind":"reset","times":1}', '--path-prefix', '/gw', '--log']);
    assert.equal(options.port, 8123);
    assert.equal(options.apiKey, 'k');
    assert.equal(options.pageGroups, 40);
    assert.equal(options.pathPrefix, '/gw');
    assert.equal(options.log, true);
    assert.deepEqual(options.faults, [{ kind: 'delay', ms: 5 }, { kind: 'reset', times: 1 }]);
    assert.equal(parseCliArgs([]).apiKey, SAMPLE_API_KEY);
  });

  it('refuses bad options with a readable message', () => {
    assert.throws(() => parseCliArgs(['--port', 'x']), /--port must be an integer/);
    assert.throws(() => parseCliArgs(['--port']), /--port needs a value/);
    assert.throws(() => parseCliArgs(['--fault', '{']), /not JSON/);
    assert.throws(() => parseCliArgs(['--fault', '{"kind":"nope"}']), /unknown or missing kind/);
    assert.throws(() => parseCliArgs(['--bogus']), /unknown option --bogus/);
  });

  it('starts, prints the URL and key, serves, and stops cleanly on SIGTERM', async () => {
    const cli = join(__dirname, '..', '..', 'gateway', 'cli.js');
    const child = spawn(process.execPath, [cli, '--page-groups', '12', '--fault', '{"kind":"status","status":503,"path":"webhook_subscriptions"}'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      const match = /^Sample gateway: (http:\/\/127\.0\.0\.1:\d+) {2}API key: (\S+)$/.exec(first);
      assert.ok(match, first);
      const [, url, key] = match as unknown as [string, string, string];
      assert.equal(key, SAMPLE_API_KEY);
      assert.equal((await getPage(url, { limit: '100' })).items.length, 12);
      assert.equal((await getReply(url, '/v0/webhook_subscriptions')).status, 503);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
