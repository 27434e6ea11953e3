import { strict as assert } from 'node:assert';
import type { GatewayHealth, NotReadyState } from '../../../src/gateway/connection';
import { MAX_NAME_LENGTH, parseGateways, type GatewayConfigProblem } from '../../../src/gateway/gatewayConfig';
import {
  conditionText,
  gatewayRowDescription,
  describeConfigProblem,
  describeNotReady,
  gatewayCondition,
  gatewayTitle,
  type GatewayCondition,
} from '../../../src/gateway/gatewayText';

const HEALTHS: readonly GatewayHealth[] = ['unknown', 'ok', 'keyRejected', 'unreachable'];

/** The problem parseGateways reports for a one-entry list (or for the older baseUrl when `list` is empty). */
function problemFor(list: unknown[], legacyBaseUrl = ''): GatewayConfigProblem {
  const invalid = parseGateways(list, legacyBaseUrl).find((entry) => !entry.ok);
  assert.ok(invalid !== undefined && !invalid.ok, 'test setup: expected an invalid entry');
  return invalid.problem;
}

describe('gatewayCondition', () => {
  it('a ready gateway shows what its last answers said; unknown and ok are both ready', () => {
    const expected: Record<GatewayHealth, GatewayCondition> = { unknown: 'ready', ok: 'ready', keyRejected: 'keyRejected', unreachable: 'unreachable' };
    for (const health of HEALTHS) {
      assert.equal(gatewayCondition('ready', health), expected[health], health);
    }
  });

  it('a gateway that is not ready shows why, whatever its health', () => {
    const expected: Record<NotReadyState['kind'], GatewayCondition> = {
      noKey: 'noKey',
      keyUnavailable: 'keyUnavailable',
      insecureUnanswered: 'insecure',
      insecureDenied: 'insecureDenied',
    };
    for (const state of Object.keys(expected) as Array<NotReadyState['kind']>) {
      for (const health of HEALTHS) {
        assert.equal(gatewayCondition(state, health), expected[state], `${state} × ${health}`);
      }
    }
  });

  it('each condition has its own words', () => {
    const words: Record<GatewayCondition, string> = {
      ready: 'ready',
      noKey: 'no API key',
      keyUnavailable: 'key could not be read',
      keyRejected: 'key rejected',
      unreachable: 'unreachable',
      insecure: 'plain HTTP: key not sent yet',
      insecureDenied: 'plain HTTP refused',
    };
    for (const [condition, text] of Object.entries(words) as Array<[GatewayCondition, string]>) {
      assert.equal(conditionText(condition), text);
    }
  });
});

describe('describeConfigProblem', () => {
  it('notObject: says what an entry looks like', () => {
    const text = describeConfigProblem(problemFor(['https://a.example']));
    assert.equal(text.label, 'Invalid gateway entry');
    assert.equal(text.description, 'not an object');
    assert.match(text.detail, /pageGateway\.gateways/);
    assert.match(text.detail, /"name": "staging", "baseUrl": "https:\/\/…"/);
  });

  it('noName: asks for a name', () => {
    const text = describeConfigProblem(problemFor([{ baseUrl: 'https://a.example' }]));
    assert.equal(text.label, 'Gateway without a name');
    assert.equal(text.description, 'name missing');
    assert.match(text.detail, /`name`/);
  });

  it('badName: shows the name and the rules for names', () => {
    const text = describeConfigProblem(problemFor([{ name: 'prod/eu', baseUrl: 'https://a.example' }]));
    assert.equal(text.label, 'prod/eu');
    assert.equal(text.description, 'name not allowed');
    assert.ok(text.detail.includes(`at most ${MAX_NAME_LENGTH} characters`), text.detail);
    assert.ok(text.detail.includes('/ \\ @ # ?'), text.detail);
    assert.match(text.detail, /control characters/);
  });

  it('duplicateName: shows the name and says names ignore case', () => {
    const text = describeConfigProblem(
      problemFor([
        { name: 'Staging', baseUrl: 'https://a.example' },
        { name: 'staging', baseUrl: 'https://b.example' },
      ]),
    );
    assert.equal(text.label, 'staging');
    assert.equal(text.description, 'name used twice');
    assert.equal(text.detail, 'Another gateway is already named “staging” (names ignore case). Rename one of them.');
  });

  it("badUrl: shows the entry's name, the URL and parseBaseUrl's reason", () => {
    const text = describeConfigProblem(problemFor([{ name: 'staging', baseUrl: 'ftp://a.example' }]));
    assert.equal(text.label, 'staging');
    assert.equal(text.description, 'invalid URL');
    assert.match(text.detail, /^The base URL “ftp:\/\/a\.example” cannot be used: The gateway URL must start with https:\/\/ or http:\/\//);
  });

  it('badUrl of the older setting is labelled with the setting', () => {
    const text = describeConfigProblem(problemFor([], 'api.example.com'));
    assert.equal(text.label, 'pageGateway.baseUrl');
    assert.equal(text.description, 'invalid URL');
    assert.match(text.detail, /write https:\/\/api\.example\.com/);
  });

  it('badUrl never repeats a user name or password written into the URL', () => {
    for (const url of [
      'https://alice:s3cret-pass@h.example',
      'https://s3cret-pass@h.example/gw',
      'https://alice:s3cret-pass@exa mple.com',
      'alice:s3cret-pass@h.example',
      'https:alice:s3cret-pass@h.example',
      'http:\\\\alice:s3cret-pass@h.example',
    ]) {
      const text = describeConfigProblem(problemFor([{ name: 'staging', baseUrl: url }]));
      const shown = `${text.label} ${text.description} ${text.detail}`;
      assert.ok(!shown.includes('s3cret-pass'), `${url} → ${shown}`);
      assert.match(text.detail, /user name or password/, url);
    }
    const path = describeConfigProblem(problemFor([{ name: 'staging', baseUrl: 'https://h.example/@team?x=1' }]));
    assert.ok(path.detail.includes('“https://h.example/@team?x=1”'), 'an @ in the path is no credential: the URL is shown');
  });
});

describe('describeNotReady', () => {
  const origin = 'http://gw.example:8080';

  it('noKey: names the gateway and the command that sets a key', () => {
    const text = describeNotReady({ kind: 'noKey' }, 'staging', origin);
    assert.equal(text, 'No API key is stored for the gateway “staging”. Run “Page Gateway: Set API Key…”.');
  });

  it('keyUnavailable: names the gateway, the reason, GNOME Keyring or KWallet, and the command', () => {
    const text = describeNotReady({ kind: 'keyUnavailable', reason: 'Cannot unlock the collection' }, 'staging', origin);
    assert.ok(text.includes('“staging”'), text);
    assert.ok(text.includes('(Cannot unlock the collection)'), text);
    assert.ok(text.includes('GNOME Keyring or KWallet'), text);
    assert.ok(text.includes('“Page Gateway: Set API Key…”'), text);
  });

  it('plain HTTP, not answered: names the origin and says the key is not sent until allowed', () => {
    const text = describeNotReady({ kind: 'insecureUnanswered' }, 'staging', origin);
    assert.equal(text, 'http://gw.example:8080 uses plain HTTP, and its requests can leave this machine: the API key is sent there only once you allow it.');
  });

  it('plain HTTP, refused: names the origin and the way out', () => {
    const text = describeNotReady({ kind: 'insecureDenied' }, 'staging', origin);
    assert.equal(text, 'The API key is not sent to http://gw.example:8080 over plain HTTP. Use an https:// URL, or answer again.');
  });
});

describe('gatewayTitle', () => {
  it('is "name (address)", or the address alone when the name is the address', () => {
    assert.equal(gatewayTitle('staging', 'staging.example.com'), 'staging (staging.example.com)');
    assert.equal(gatewayTitle('api.example.com', 'api.example.com'), 'api.example.com');
    assert.equal(gatewayTitle('API.example.com', 'api.example.com'), 'API.example.com (api.example.com)');
  });
});

describe('gateway row description', () => {
  it('does not repeat a name that is the address, and says a state that is not fine in words', () => {
    assert.equal(gatewayRowDescription('127.0.0.1:18787', '127.0.0.1:18787', undefined), '');
    assert.equal(gatewayRowDescription('API.example.com', 'api.example.com', undefined), '');
    assert.equal(gatewayRowDescription('staging', '127.0.0.1:18787', undefined), '127.0.0.1:18787');
    assert.equal(gatewayRowDescription('staging', '127.0.0.1:18787', 'unreachable'), '127.0.0.1:18787 · unreachable');
    assert.equal(gatewayRowDescription('127.0.0.1:18787', '127.0.0.1:18787', 'no API key'), 'no API key');
  });
});
