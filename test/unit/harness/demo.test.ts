import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { DEMO_USAGE, unknownOption } from '../../harness/demo';

const DEMO = path.join(__dirname, '..', '..', 'harness', 'demo.js');

describe('npm run demo -- --help', () => {
  it('prints the options and exits 0 without starting anything', () => {
    for (const flag of ['--help', '-h']) {
      const result = spawnSync(process.execPath, [DEMO, flag], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, DEMO_USAGE);
      for (const option of ['--port', '--gateway-port', '--headless-check', '--help']) {
        assert.ok(result.stdout.includes(option), option);
      }
    }
  });

  it('an unknown option is refused with the usage, not a demo with the defaults', () => {
    const result = spawnSync(process.execPath, [DEMO, '--prot', '9000'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^demo: unknown option --prot\n\nUsage: npm run demo/);
    assert.equal(unknownOption(['--port', '9000', '--gateway-port', '0', '--headless-check']), undefined);
    assert.equal(unknownOption(['--port', '9000', 'extra']), 'extra');
  });
});
