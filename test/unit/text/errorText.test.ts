import { strict as assert } from 'node:assert';
import { parseBaseUrl, type BaseUrlProblem } from '../../../src/api/baseUrl';
import { GatewayError, type RequestFacts } from '../../../src/api/errors';
import { describeBaseUrlProblem, describeChainNotice, describeGatewayError, errorRowText } from '../../../src/text/errorText';
import { ANY_LIST_WORDS } from '../../../src/text/listWords';
import { PAGE_GROUP_WORDS } from '../../../src/features/pageGroups/text/pageGroupWords';
import { WEBHOOK_WORDS } from '../../../src/features/webhooks/text/webhookWords';

const SET_KEY = '“Page Gateway: Set API Key…”';
const SET_URL = '“Page Gateway: Set Gateway URL…”';
const CHECK_NETWORK = 'Check the gateway URL, your network connection and the `http.proxy` setting.';
const EXAMPLE = 'for example https://api.example.com or https://api.example.com/gateway';

/** Request facts as the client sets them. */
const AT: RequestFacts = {
  method: 'GET',
  url: 'https://gw.example:8443/v0/page_groups?limit=20',
  host: 'gw.example:8443',
  origin: 'https://gw.example:8443',
  baseUrl: 'https://gw.example:8443',
};

function problemOf(input: string): BaseUrlProblem {
  const result = parseBaseUrl(input);
  assert.ok(!result.ok, `expected ${JSON.stringify(input)} to be refused`);
  return result.problem;
}

describe('error words (errorText)', () => {
  // The words of a list travel with the call (its kind's words); nothing is registered anywhere.
  it('an error whose list is not known is told without naming a resource', () => {
    const text = errorRowText(new GatewayError({ kind: 'timeout', ...AT, timeoutMs: 150 }), ANY_LIST_WORDS, true);
    assert.equal(text.label, "Couldn't load more items — retry");
    assert.equal(ANY_LIST_WORDS.couldNotLoad(false), "Couldn't load the items — retry");
    const tooMany = new GatewayError({ kind: 'invalidResponse', reason: 'tooManyItems', resource: 'pageGroups', count: 30, limit: 20, host: 'h' });
    assert.doesNotMatch(describeGatewayError(tooMany), /page group|webhook/, 'the resource name in the facts does not choose the words');
    assert.match(describeGatewayError(tooMany, PAGE_GROUP_WORDS), /^The gateway sent 30 page groups in one page/);
  });

  describe('describeGatewayError', () => {
    it('401: the key was rejected, set a valid one', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'unauthorized', ...AT, status: 401 })),
        `The gateway rejected the API key (HTTP 401). Set a valid key with ${SET_KEY}.`,
      );
    });

    it('403: access refused, check the key or set another', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'unauthorized', ...AT, status: 403 })),
        `The gateway refused access with this API key (HTTP 403). Check that the key may read this gateway, or set another with ${SET_KEY}.`,
      );
    });

    it('429: without Retry-After, with one, and with one beyond what the extension waits', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'rateLimited', ...AT, status: 429 })),
        'The gateway is limiting the request rate (HTTP 429). Wait a moment and try again.',
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'rateLimited', ...AT, status: 429, retryAfterSeconds: 3, retryAfterTooLong: false, maxRetryAfterSeconds: 30 })),
        'The gateway is limiting the request rate (HTTP 429; it asked to wait 3 seconds). Wait a moment and try again.',
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'rateLimited', ...AT, status: 429, retryAfterSeconds: 5, retryAfterTooLong: true, maxRetryAfterSeconds: 2 })),
        'The gateway is limiting the request rate (HTTP 429) and asked to wait 5 seconds, longer than the 2 seconds this extension ' +
          'waits on its own. Try again in 5 seconds.',
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'rateLimited', ...AT, status: 429, retryAfterSeconds: 600, retryAfterTooLong: true, maxRetryAfterSeconds: 30 })),
        /Try again in 10 minutes\.$/,
      );
    });

    it('5xx: server error, try again later or when it asked', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'server', ...AT, status: 500 })),
        "The gateway had a server error (HTTP 500). Try again later; if it persists, check the gateway's health or contact its operators.",
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'server', ...AT, status: 503, retryAfterSeconds: 90, retryAfterTooLong: true, maxRetryAfterSeconds: 30 })),
        "The gateway had a server error (HTTP 503). It asked to wait 90 seconds: try again in 90 seconds; if it persists, check the gateway's health or contact its operators.",
      );
    });

    it('says how many attempts were made when retries ran out', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'server', ...AT, status: 502, attempts: 3 })),
        "The gateway had a server error (HTTP 502). Try again later; if it persists, check the gateway's health or contact its operators. (Gave up after 3 attempts.)",
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'network', ...AT, reason: 'reset', networkCode: 'ECONNRESET', attempts: 4 })),
        /\(Gave up after 4 attempts\.\)$/,
      );
    });

    it('3xx: names the target, says it was not followed and where the key stays', () => {
      const target = 'https://other.example/v0/page_groups';
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'http', ...AT, status: 302, redirect: true, location: target })),
        `The gateway answered HTTP 302, a redirect to ${target}. It was not followed, so the API key stays with ` +
          `https://gw.example:8443. If the gateway has moved, set its new address with ${SET_URL}.`,
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'http', ...AT, status: 301, redirect: false })),
        /a redirect to no Location header\. It was not followed, so the API key stays with https:\/\/gw\.example:8443\./,
      );
    });

    it('other statuses: the status, the request and a hint per status', () => {
      const said = (status: number): string => describeGatewayError(new GatewayError({ kind: 'http', ...AT, status }));
      assert.equal(
        said(404),
        `The gateway answered HTTP 404 to GET ${AT.url}. Check the gateway URL: the API is expected under ` +
          `https://gw.example:8443/v0/. Change it with ${SET_URL}.`,
      );
      assert.match(said(405), /the API is expected under https:\/\/gw\.example:8443\/v0\//);
      assert.match(said(400), /refresh the list to start again \(a cursor may have expired\)/);
      assert.equal(
        said(418),
        `The gateway answered HTTP 418 to GET ${AT.url}. Check the gateway URL (${SET_URL}) and the gateway's documentation for this status.`,
      );
    });

    it('timeout: the host, the time in seconds and the setting that allows more', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'timeout', ...AT, timeoutMs: 150 })),
        'The gateway at gw.example:8443 did not answer within 0.15 seconds. Try again, or allow more time with the setting ' +
          '`pageGateway.requestTimeoutSeconds`.',
      );
      assert.match(describeGatewayError(new GatewayError({ kind: 'timeout', ...AT, timeoutMs: 30_000 })), /within 30 seconds\./);
    });

    describe('in a remote window (requests sent from the remote machine: the error says so in its facts)', () => {
      it('a connection refused or a timeout says from which machine the request was sent', () => {
        const remote = { ...AT, sentFrom: 'ssh-remote' };
        const refused = describeGatewayError(new GatewayError({ kind: 'network', ...remote, host: 'localhost:8787', reason: 'refused', networkCode: 'ECONNREFUSED' }));
        assert.equal(
          refused,
          `Could not connect to localhost:8787: the connection was refused (is the gateway running?). ${CHECK_NETWORK} ` +
            'The request was sent from the remote machine (ssh-remote): the gateway address is reached from there.',
        );
        assert.match(describeGatewayError(new GatewayError({ kind: 'timeout', ...remote, timeoutMs: 150 })), /sent from the remote machine \(ssh-remote\)/);
      });

      it('an answer from the gateway (it was reached) says nothing about machines; nor does a local window', () => {
        assert.doesNotMatch(describeGatewayError(new GatewayError({ kind: 'unauthorized', ...AT, sentFrom: 'wsl', status: 401 })), /remote machine/);
        assert.doesNotMatch(describeGatewayError(new GatewayError({ kind: 'network', ...AT, reason: 'refused' })), /remote machine/);
      });
    });

    it('invalid JSON: the request, the content type, and what the URL may point at instead', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidJson', ...AT, status: 200, bodyBytes: 30, contentType: 'text/html' })),
        `The gateway's answer to GET ${AT.url} is not valid JSON (content type text/html). Check that the gateway URL ` +
          'points at a Page Gateway and not at a web page or a proxy.',
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'invalidJson', ...AT, status: 200, bodyBytes: 3 })),
        /is not valid JSON\. Check/,
      );
    });

    it('invalid envelope: every issue in words, per resource', () => {
      const said = (resource: 'pageGroups' | 'webhookSubscriptions', issues: { path: string; expected?: string; got?: string; code?: string }[]): string =>
        describeGatewayError(new GatewayError({ kind: 'invalidResponse', ...AT, reason: 'schema', resource, issues }), resource === 'pageGroups' ? PAGE_GROUP_WORDS : WEBHOOK_WORDS);
      assert.equal(
        said('pageGroups', [{ path: 'items', expected: 'array', got: 'object' }]),
        "The gateway's list of page groups does not match the API contract (items: expected array, got object). Check " +
          'that the gateway URL points at a Page Gateway (/v0 API).',
      );
      assert.match(
        said('pageGroups', [
          { path: 'hasMore', expected: 'boolean', got: 'missing' },
          { path: 'limit', expected: 'number', got: 'string' },
        ]),
        /\(hasMore: missing \(required by the contract\); limit: expected number, got string\)/,
      );
      assert.match(said('pageGroups', [{ path: '', expected: 'object', got: 'array' }]), /\(expected an object with hasMore, items and limit, got array\)/);
      assert.match(
        said('webhookSubscriptions', [{ path: '', expected: 'array', got: 'object' }]),
        /^The gateway's list of webhook subscriptions does not match the API contract \(expected a JSON array, got object\)\./,
      );
      assert.match(said('pageGroups', [{ path: 'nextCursor', code: 'invalid_format' }]), /nextCursor: not as the contract describes \(invalid_format\)/);
    });

    it('a page with more items than asked for: how many, the limit, and that the page was not used', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidResponse', ...AT, reason: 'tooManyItems', resource: 'pageGroups', count: 3_000_000, limit: 20 }), PAGE_GROUP_WORDS),
        'The gateway sent 3,000,000 page groups in one page, more than the 20 asked for, so the page was not used. Check ' +
          'that the gateway URL points at a Page Gateway (/v0 API).',
      );
    });

    it('an unreadable answer and a cancelled request', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidResponse', reason: 'unreadable' }, { detail: 'TypeError: boom' })),
        "The gateway's answer could not be read as the API contract describes.",
      );
      assert.equal(describeGatewayError(new GatewayError({ kind: 'cancelled', ...AT })), 'The request was cancelled.');
    });

    it('too large: the cap in readable units and the page size setting', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'tooLarge', ...AT, maxBytes: 256 * 1024 })),
        "The gateway's answer is larger than 256 KiB, so reading it was stopped. Use a smaller page size (setting " +
          '`pageGateway.pageSize`), and check that the gateway URL points at a Page Gateway.',
      );
      assert.match(describeGatewayError(new GatewayError({ kind: 'tooLarge', maxBytes: 10 * 1024 * 1024 })), /larger than 10 MiB/);
      assert.match(describeGatewayError(new GatewayError({ kind: 'tooLarge', maxBytes: 500 })), /larger than 500 bytes/);
    });

    it('requests refused before sending: bad limit, no key, unsendable key, bad base URL', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'badLimit', limit: 101, minLimit: 1, maxLimit: 100 })),
        'The page size must be a whole number from 1 to 100 (got 101). Check the setting `pageGateway.pageSize`.',
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'badLimit', limit: Number.NaN, minLimit: 1, maxLimit: 100 })),
        /\(got NaN\)/,
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'noKey' })),
        `No API key is set for this gateway. Set one with ${SET_KEY}.`,
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'keyNotSendable' })),
        'The API key contains characters that cannot be sent in an HTTP header (line breaks or non-Latin-1 characters). ' +
          `Set it again with ${SET_KEY}.`,
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'leavesMachine', proxy: '10.0.0.1:3128' })),
        'The editor routes this plain-HTTP request through the proxy 10.0.0.1:3128, which would read the API key, so ' +
          "nothing was sent. Answer from the gateway's row whether the key may go over plain HTTP, list the host in " +
          '`http.noProxy`, or use an https:// URL.',
      );
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'invalidRequest', reason: 'badBaseUrl', problem: { kind: 'badScheme', scheme: 'ftp' } })),
        `The gateway URL must start with https:// or http:// (got ftp://…); ${EXAMPLE}.`,
      );
    });

    it('shows the words of an error made outside src/api as they are', () => {
      const error = new GatewayError('invalidRequest', 'No gateway URL is set. Run “Page Gateway: Set Gateway URL…”.');
      assert.equal(describeGatewayError(error), 'No gateway URL is set. Run “Page Gateway: Set Gateway URL…”.');
      assert.deepEqual(error.facts, { kind: 'invalidRequest', reason: 'other' });
    });

    it('keeps advice and command titles out of the technical message', () => {
      const errors = [
        new GatewayError({ kind: 'unauthorized', ...AT, status: 401 }),
        new GatewayError({ kind: 'http', ...AT, status: 302, redirect: true, location: 'https://x.example/' }),
        new GatewayError({ kind: 'network', ...AT, reason: 'dns', networkCode: 'ENOTFOUND' }),
        new GatewayError({ kind: 'timeout', ...AT, timeoutMs: 150 }),
        new GatewayError({ kind: 'invalidRequest', reason: 'noKey' }),
      ];
      assert.deepEqual(
        errors.map((e) => e.message),
        [
          `HTTP 401 from GET ${AT.url}`,
          `HTTP 302 from GET ${AT.url}, Location https://x.example/`,
          'ENOTFOUND gw.example',
          `timeout after 150 ms: GET ${AT.url}`,
          'no API key',
        ],
      );
      for (const error of errors) {
        assert.doesNotMatch(error.message, /Page Gateway:|Check|setting|Try again/, error.message);
        assert.notEqual(describeGatewayError(error), error.message);
      }
    });
  });

  describe('errorRowText', () => {
    it('labels, describes and explains a failed load; the tooltip holds the sentence, the detail and where the logs are', () => {
      const error = new GatewayError({ kind: 'rateLimited', ...AT, status: 429, retryAfterSeconds: 7, retryAfterTooLong: false, maxRetryAfterSeconds: 30 }, { detail: 'slow *down*' });
      const text = errorRowText(error, PAGE_GROUP_WORDS, true);
      assert.equal(text.label, "Couldn't load more page groups — retry");
      assert.equal(text.description, 'rate limited 429 · retry after 7 seconds');
      assert.equal(
        text.tooltip,
        'The gateway is limiting the request rate \\(HTTP 429; it asked to wait 7 seconds\\)\\. Wait a moment and try again\\.' +
          '\n\nThe answer starts with: slow \\*down\\*\n\nClick to retry. Details are in “Page Gateway: Show Logs”.',
      );
      const first = errorRowText(new GatewayError({ kind: 'timeout', ...AT, timeoutMs: 1000 }), WEBHOOK_WORDS, false);
      assert.equal(first.label, "Couldn't load webhook subscriptions — retry");
      assert.equal(first.description, 'timed out');
      assert.match(first.tooltip, /pageGateway\\\.requestTimeoutSeconds/);
    });
  });

  describe('describeBaseUrlProblem', () => {
    it('says what is wrong with each refused URL, with an example of a right one', () => {
      assert.equal(describeBaseUrlProblem(problemOf('   ')), `Enter the gateway's address, ${EXAMPLE}.`);
      assert.equal(describeBaseUrlProblem(problemOf('api.example.com')), `The gateway URL needs a scheme: write https://api.example.com (${EXAMPLE}).`);
      assert.match(describeBaseUrlProblem(problemOf('localhost:8080')), /write https:\/\/localhost:8080 /);
      assert.equal(
        describeBaseUrlProblem(problemOf('https://exa mple.com')),
        `“https://exa mple.com” is not a valid URL; enter the gateway's address, ${EXAMPLE}.`,
      );
      assert.match(describeBaseUrlProblem(problemOf('http://')), /not a valid URL; enter the gateway's address, for example/);
      assert.equal(
        describeBaseUrlProblem(problemOf('ftp://h.example')),
        `The gateway URL must start with https:// or http:// (got ftp://…); ${EXAMPLE}.`,
      );
      assert.match(describeBaseUrlProblem(problemOf('file:///etc/passwd')), /https:\/\/ or http:\/\/ \(got file:\/\/…\)/);
      assert.equal(describeBaseUrlProblem({ kind: 'noHost' }), `The gateway URL has no host name; ${EXAMPLE}.`);
      assert.equal(
        describeBaseUrlProblem(problemOf('https://h.example/?x=1')),
        `The gateway URL must not have a query (?…) or fragment (#…): give only the root address, ${EXAMPLE}.`,
      );
      assert.match(describeBaseUrlProblem(problemOf('https://h.example/#top')), /fragment/);
    });

    it('refuses credentials without echoing them, and says where the key goes instead', () => {
      for (const input of ['https://alice:s3cret-pass@h.example/', 'alice:s3cret-pass@h.example', 'https://alice:s3cret-pass@exa mple.com']) {
        const text = describeBaseUrlProblem(problemOf(input));
        assert.equal(
          text,
          'The gateway URL must not contain a user name or password (user:password@host). Remove them and set the API ' +
            `key with ${SET_KEY}; ${EXAMPLE}.`,
        );
        assert.ok(!text.includes('s3cret-pass') && !text.includes('alice'), input);
      }
    });
  });

  describe('describeChainNotice', () => {
    it('explains why paging stopped', () => {
      assert.equal(
        describeChainNotice({ severity: 'warning', kind: 'missingCursor', page: 3 }),
        'The gateway said more items exist but sent no cursor to fetch them; showing what it returned.',
      );
      assert.equal(
        describeChainNotice({ severity: 'error', kind: 'repeatedCursor', page: 2 }),
        'The gateway repeated a cursor it had already returned; paging stopped here to avoid a loop.',
      );
      assert.equal(
        describeChainNotice({ severity: 'warning', kind: 'emptyPages', page: 7, emptyPages: 5 }),
        'The gateway sent 5 pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.',
      );
    });
  });
});
