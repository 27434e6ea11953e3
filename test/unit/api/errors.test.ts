import { strict as assert } from 'node:assert';
import {
  GatewayError,
  isGatewayError,
  issueText,
  technicalMessage,
  type GatewayErrorFacts,
  type GatewayErrorKind,
} from '../../../src/api/errors';

const URL_FACTS = { method: 'GET', url: 'https://h/v0/page_groups?limit=20', host: 'h', origin: 'https://h' } as const;

describe('GatewayError', () => {
  describe('technical message (logs and debuggers): what and where, from the facts', () => {
    const cases: ReadonlyArray<readonly [GatewayErrorFacts, string]> = [
      [{ kind: 'unauthorized', status: 401, ...URL_FACTS }, 'HTTP 401 from GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'server', status: 503, ...URL_FACTS, attempts: 3 }, 'HTTP 503 from GET https://h/v0/page_groups?limit=20 (3 attempts)'],
      [{ kind: 'server', status: 500 }, 'HTTP 500'],
      [{ kind: 'server', status: 503, retryAfterSeconds: 5, retryAfterTooLong: false, maxRetryAfterSeconds: 30 }, 'HTTP 503'],
      [{ kind: 'rateLimited', status: 429, host: 'h:8443' }, 'HTTP 429 from h:8443'],
      [
        { kind: 'rateLimited', status: 429, ...URL_FACTS, retryAfterSeconds: 120, attempts: 2 },
        'HTTP 429 from GET https://h/v0/page_groups?limit=20, Retry-After 120 s (2 attempts)',
      ],
      [{ kind: 'http', status: 404, ...URL_FACTS }, 'HTTP 404 from GET https://h/v0/page_groups?limit=20'],
      [
        { kind: 'http', status: 302, ...URL_FACTS, redirect: true, location: 'https://elsewhere/x' },
        'HTTP 302 from GET https://h/v0/page_groups?limit=20, Location https://elsewhere/x',
      ],
      [{ kind: 'http', status: 301, url: 'https://h/a', redirect: false, location: 'https://elsewhere/y' }, 'HTTP 301 from GET https://h/a, Location https://elsewhere/y'],
      [{ kind: 'http', status: 303, url: 'https://h/a', redirect: true }, 'HTTP 303 from GET https://h/a, Location (none)'],
      [{ kind: 'http', status: 304, url: 'https://h/a', redirect: false }, 'HTTP 304 from GET https://h/a'],
      [{ kind: 'network', reason: 'dns', networkCode: 'ENOTFOUND', host: 'gateway.invalid:8443', url: 'https://gateway.invalid:8443/v0/x' }, 'ENOTFOUND gateway.invalid'],
      [{ kind: 'network', reason: 'dns', networkCode: 'EAI_AGAIN', url: 'https://gateway.invalid/v0/x' }, 'EAI_AGAIN https://gateway.invalid/v0/x'],
      [
        { kind: 'network', reason: 'dns', networkCode: 'ENOTFOUND', host: 'gateway.invalid:8443', proxy: 'proxy.corp:3128', atProxy: true },
        'ENOTFOUND gateway.invalid:8443 (proxy proxy.corp:3128 unreachable)',
      ],
      [
        { kind: 'network', reason: 'dns', networkCode: 'ENOTFOUND', host: 'gateway.invalid:8443', proxy: 'proxy.corp:3128' },
        'ENOTFOUND gateway.invalid via proxy proxy.corp:3128',
      ],
      [{ kind: 'network', reason: 'refused', networkCode: 'ECONNREFUSED', host: '127.0.0.1:9', attempts: 3 }, 'ECONNREFUSED 127.0.0.1:9 (3 attempts)'],
      [{ kind: 'network', reason: 'other', systemMessage: 'socket hang up', url: 'http://h/v0/x' }, 'network error (socket hang up) http://h/v0/x'],
      [{ kind: 'network', reason: 'other' }, 'network error'],
      [{ kind: 'timeout', timeoutMs: 150, ...URL_FACTS }, 'timeout after 150 ms: GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'timeout', timeoutMs: 10_000, networkCode: 'UND_ERR_CONNECT_TIMEOUT' }, 'UND_ERR_CONNECT_TIMEOUT after 10000 ms'],
      [{ kind: 'invalidJson', status: 200, bodyBytes: 12, ...URL_FACTS }, 'invalid JSON from GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'invalidJson', status: 200, bodyBytes: 12, host: 'h', contentType: 'text/html' }, 'invalid JSON from h (content-type text/html)'],
      [
        {
          kind: 'invalidResponse',
          reason: 'schema',
          resource: 'pageGroups',
          issues: [
            { path: 'items', expected: 'array', got: 'object' },
            { path: '', expected: 'object', got: 'null' },
          ],
          ...URL_FACTS,
        },
        'pageGroups body breaks the contract from GET https://h/v0/page_groups?limit=20: items: expected array, got object; (top level): expected object, got null',
      ],
      [
        { kind: 'invalidResponse', reason: 'tooManyItems', resource: 'pageGroups', count: 21, limit: 20, host: 'h' },
        '21 pageGroups in a page for limit 20 from h',
      ],
      [{ kind: 'invalidResponse', reason: 'unreadable', url: 'https://h/v0/webhook_subscriptions' }, 'unreadable response from GET https://h/v0/webhook_subscriptions'],
      [{ kind: 'invalidResponse', reason: 'unreadable' }, 'unreadable response'],
      [{ kind: 'cancelled', ...URL_FACTS }, 'cancelled: GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'cancelled' }, 'cancelled'],
      [{ kind: 'tooLarge', maxBytes: 1024, ...URL_FACTS }, 'body over 1024 bytes from GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'tooLarge', maxBytes: 1024, declaredBytes: 5000, host: 'h' }, 'body over 1024 bytes from h (Content-Length 5000)'],
      [{ kind: 'invalidRequest', reason: 'badLimit', limit: 101, minLimit: 1, maxLimit: 100 }, 'limit 101 outside 1–100'],
      [{ kind: 'invalidRequest', reason: 'noKey' }, 'no API key'],
      [{ kind: 'invalidRequest', reason: 'keyNotSendable' }, 'API key not sendable in a header'],
      [{ kind: 'invalidRequest', reason: 'badBaseUrl', problem: { kind: 'noHost' } }, 'bad base URL: noHost'],
      [{ kind: 'invalidRequest', reason: 'other' }, 'request not sent'],
      [{ kind: 'repeatedCursor', ...URL_FACTS }, 'repeated cursor from GET https://h/v0/page_groups?limit=20'],
      [{ kind: 'repeatedCursor' }, 'repeated cursor'],
    ];
    for (const [facts, message] of cases) {
      it(`${facts.kind}: ${message}`, () => {
        assert.equal(technicalMessage(facts), message);
        const error = new GatewayError(facts);
        assert.equal(error.message, message);
        assert.equal(error.kind, facts.kind);
        assert.equal(error.facts, facts);
        assert.equal(error.derivedMessage, true);
      });
    }
  });

  it('carries status, Retry-After and detail from the facts, and a cause only when there is one', () => {
    const error = new GatewayError({ kind: 'rateLimited', status: 429, retryAfterSeconds: 7 }, { detail: 'slow down' });
    assert.equal(error.name, 'GatewayError');
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 7);
    assert.equal(error.detail, 'slow down');
    assert.equal('cause' in error, false);
    const root = new Error('root');
    assert.equal(new GatewayError({ kind: 'cancelled' }, { cause: root }).cause, root);
    const plain = new GatewayError({ kind: 'timeout', timeoutMs: 5 });
    assert.equal(plain.status, undefined);
    assert.equal(plain.retryAfterSeconds, undefined);
    assert.equal(plain.detail, undefined);
  });

  describe('the legacy form (kind, message): for code outside src/api that brings its own words', () => {
    it('keeps the message as given, with status, Retry-After, detail and cause from the options', () => {
      const cause = new Error('root');
      const error = new GatewayError('rateLimited', 'The gateway asks to slow down.', { status: 429, retryAfterSeconds: 3, detail: 'd', cause });
      assert.equal(error.message, 'The gateway asks to slow down.');
      assert.equal(error.derivedMessage, false);
      assert.equal(error.kind, 'rateLimited');
      assert.deepEqual(error.facts, { kind: 'rateLimited', status: 429 });
      assert.equal(error.status, 429);
      assert.equal(error.retryAfterSeconds, 3);
      assert.equal(error.detail, 'd');
      assert.equal(error.cause, cause);
      assert.equal(error.name, 'GatewayError');
    });

    it('holds facts with the kind only (status 0 and zero amounts when not given)', () => {
      const expected: Record<GatewayErrorKind, GatewayErrorFacts> = {
        unauthorized: { kind: 'unauthorized', status: 0 },
        rateLimited: { kind: 'rateLimited', status: 0 },
        server: { kind: 'server', status: 0 },
        http: { kind: 'http', status: 0 },
        network: { kind: 'network', reason: 'other' },
        timeout: { kind: 'timeout', timeoutMs: 0 },
        invalidJson: { kind: 'invalidJson', status: 0, bodyBytes: 0 },
        invalidResponse: { kind: 'invalidResponse', reason: 'unreadable' },
        cancelled: { kind: 'cancelled' },
        tooLarge: { kind: 'tooLarge', maxBytes: 0 },
        invalidRequest: { kind: 'invalidRequest', reason: 'other' },
        repeatedCursor: { kind: 'repeatedCursor' },
      };
      for (const kind of Object.keys(expected) as GatewayErrorKind[]) {
        const error = new GatewayError(kind, `words for ${kind}`);
        assert.deepEqual(error.facts, expected[kind], kind);
        assert.equal(error.message, `words for ${kind}`);
        assert.equal(error.status, undefined);
      }
      assert.deepEqual(new GatewayError('invalidJson', 'x', { status: 200 }).facts, { kind: 'invalidJson', status: 200, bodyBytes: 0 });
    });
  });

  it('isGatewayError tells a GatewayError from other values', () => {
    assert.equal(isGatewayError(new GatewayError({ kind: 'cancelled' })), true);
    assert.equal(isGatewayError(new Error('cancelled')), false);
    assert.equal(isGatewayError({ kind: 'cancelled' }), false);
    assert.equal(isGatewayError(undefined), false);
  });

  it('issueText: path, expected and received JSON type, or the issue code', () => {
    assert.equal(issueText({ path: 'items', expected: 'array', got: 'object' }), 'items: expected array, got object');
    assert.equal(issueText({ path: '', expected: 'object', got: 'null' }), '(top level): expected object, got null');
    assert.equal(issueText({ path: 'limit', expected: 'number' }), 'limit: expected number, got ?');
    assert.equal(issueText({ path: 'limit', got: 'missing' }), 'limit: expected ?, got missing');
    assert.equal(issueText({ path: 'nextCursor', code: 'invalid_format' }), 'nextCursor: invalid_format');
    assert.equal(issueText({ path: '' }), '(top level): invalid');
  });
});
