import { strict as assert } from 'node:assert';
import { GatewayError } from '../../../src/api/errors';
import { formatExchange, formatHeaders } from '../../../src/log/exchangeFormat';

describe('log lines', () => {
  it('one line per exchange: method, URL, status, time, attempt and retry', () => {
    assert.equal(
      formatExchange({ method: 'GET', url: 'https://h/v0/page_groups?limit=20', attempt: 1, status: 200, durationMs: 35.4, requestHeaders: {} }),
      'GET https://h/v0/page_groups?limit=20 → 200 (35 ms)',
    );
    const error = new GatewayError({ kind: 'rateLimited', method: 'GET', url: 'https://h/x', status: 429, retryAfterSeconds: 1 });
    assert.equal(
      formatExchange({ method: 'GET', url: 'https://h/x', attempt: 2, status: 429, durationMs: 3, requestHeaders: {}, error, willRetryInMs: 1000 }),
      'GET https://h/x → 429 (3 ms) [attempt 2] — The gateway is limiting the request rate (HTTP 429; it asked to wait 1 second). ' +
        'Wait a moment and try again. (retrying in 1000 ms)',
    );
    const refused = new GatewayError({ kind: 'network', reason: 'refused', networkCode: 'ECONNREFUSED', host: 'h:1' });
    assert.match(
      formatExchange({ method: 'GET', url: 'https://h:1/x', attempt: 1, durationMs: 2, requestHeaders: {}, error: refused }),
      /^GET https:\/\/h:1\/x → network \(2 ms\) — Could not connect to h:1: the connection was refused/,
    );
  });

  it('says which proxy a request went through, and when it is repeated at once for the proxy', () => {
    const challenge = new GatewayError({ kind: 'http', method: 'GET', url: 'http://gw.invalid/x', status: 407, proxy: '127.0.0.1:3128' });
    assert.match(
      formatExchange({ method: 'GET', url: 'http://gw.invalid/x', attempt: 1, status: 407, durationMs: 4, proxy: '127.0.0.1:3128', requestHeaders: {}, error: challenge, willRetryInMs: 0 }),
      /^GET http:\/\/gw\.invalid\/x → 407 \(4 ms\) via proxy 127\.0\.0\.1:3128 — The proxy 127\.0\.0\.1:3128 asks for credentials .* \(repeating at once\)$/,
    );
  });

  it('never prints secret header values, whatever their case', () => {
    const line = formatHeaders({ 'X-API-Key': 'sekret', accept: 'application/json', Authorization: 'Bearer t', 'Proxy-Authorization': 'Basic cHc=' });
    assert.doesNotMatch(line, /sekret|Bearer|cHc=/);
    assert.match(line, /X-API-Key: \[redacted\]/);
    assert.match(line, /accept: application\/json/);
  });
});
