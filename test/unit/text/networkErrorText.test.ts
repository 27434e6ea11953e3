import { strict as assert } from 'node:assert';
import { GatewayError, type RequestFacts } from '../../../src/api/errors';
import { describeGatewayError } from '../../../src/text/errorText';

// The words of networkErrorText.ts, reached as the user reads them: through describeGatewayError.
const CHECK_NETWORK = 'Check the gateway URL, your network connection and the `http.proxy` setting.';

/** Request facts as the client sets them. */
const AT: RequestFacts = {
  method: 'GET',
  url: 'https://gw.example:8443/v0/page_groups?limit=20',
  host: 'gw.example:8443',
  origin: 'https://gw.example:8443',
  baseUrl: 'https://gw.example:8443',
};

describe('network and proxy failure words (networkErrorText)', () => {
  describe('through a proxy', () => {
    const PLAIN: RequestFacts = {
      method: 'GET',
      url: 'http://gateway.invalid:8787/v0/page_groups?limit=20',
      host: 'gateway.invalid:8787',
      origin: 'http://gateway.invalid:8787',
      baseUrl: 'http://gateway.invalid:8787',
    };

    it('407 from the proxy of an http:// gateway: names the proxy, http.proxyAuthorization and http.proxy', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'http', ...PLAIN, proxy: '127.0.0.1:3128', status: 407 })),
        'The proxy 127.0.0.1:3128 asks for credentials (HTTP 407 Proxy Authentication Required). Set ' +
          '`http.proxyAuthorization` to the value it accepts (for example "Basic " followed by the Base64 of ' +
          'user:password), or put them in the setting `http.proxy` (http://user:password@host:port).',
      );
      assert.match(describeGatewayError(new GatewayError({ kind: 'http', ...PLAIN, status: 407 })), /^A proxy asks for credentials/);
    });

    it('407 after http.proxyAuthorization was sent: the proxy refused that value', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'http', ...PLAIN, proxy: '127.0.0.1:3128', status: 407, proxyAuthorizationSent: true })),
        'The proxy 127.0.0.1:3128 refused the credentials in the setting `http.proxyAuthorization` (HTTP 407 Proxy ' +
          'Authentication Required). Check its value (for example "Basic " followed by the Base64 of user:password), or ' +
          'put them in the setting `http.proxy` (http://user:password@host:port).',
      );
    });

    it('407 for an https:// gateway: credentials go in http.proxy, since the editor opens the tunnel', () => {
      const text = describeGatewayError(new GatewayError({ kind: 'http', ...AT, proxy: 'proxy.corp:8080', status: 407 }));
      assert.match(text, /^The proxy proxy\.corp:8080 asks for credentials \(HTTP 407 Proxy Authentication Required\) before it opens/);
      assert.match(text, /put them in the setting `http\.proxy` \(http:\/\/user:password@host:port\)/);
      assert.match(text, /does not send `http\.proxyAuthorization` for it\.$/);
    });

    it('the proxy could not be reached: names it, the gateway host, http.proxy and http.noProxy', () => {
      const said = (reason: 'refused' | 'dns' | 'reset' | 'other', networkCode?: string, systemMessage?: string): string =>
        describeGatewayError(new GatewayError({ kind: 'network', ...PLAIN, proxy: '127.0.0.1:9', atProxy: true, reason, networkCode, systemMessage }));
      assert.equal(
        said('refused', 'ECONNREFUSED'),
        'Could not reach the proxy 127.0.0.1:9 that the editor uses for gateway.invalid:8787 (the connection was ' +
          "refused). Check the setting `http.proxy` (or the system's proxy configuration), or list the gateway's host " +
          'in `http.noProxy` if it should be reached directly.',
      );
      assert.match(said('dns', 'ENOTFOUND'), /\(its host name could not be resolved, ENOTFOUND\)/);
      assert.match(said('reset', 'ECONNRESET'), /\(it closed the connection\)/);
      assert.match(said('other', undefined, 'socket closed'), /\(socket closed\)/);
    });

    it('a failure past the proxy says the request went through it; a certificate refused names the TLS settings', () => {
      assert.equal(
        describeGatewayError(new GatewayError({ kind: 'network', ...PLAIN, proxy: '127.0.0.1:3128', reason: 'reset', networkCode: 'ECONNRESET' })),
        `The connection to gateway.invalid:8787 was closed before the gateway answered (connection reset). ${CHECK_NETWORK} ` +
          '(The request went through the proxy 127.0.0.1:3128.)',
      );
      const tls = describeGatewayError(new GatewayError({ kind: 'network', ...AT, proxy: 'proxy.corp:8080', reason: 'tls', networkCode: 'SELF_SIGNED_CERT_IN_CHAIN' }));
      assert.match(tls, /^The secure connection to gw\.example:8443 through the proxy proxy\.corp:8080 failed \(SELF_SIGNED_CERT_IN_CHAIN\)\./);
      assert.match(tls, /`http\.systemCertificates`/);
      assert.match(tls, /only if you trust that proxy, turn off `http\.proxyStrictSSL`\.$/);
    });

    it('a 5xx or a timeout through a proxy mentions the proxy', () => {
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'server', ...PLAIN, proxy: '127.0.0.1:3128', status: 502 })),
        /The answer came through the proxy 127\.0\.0\.1:3128, which may have sent it itself/,
      );
      assert.match(
        describeGatewayError(new GatewayError({ kind: 'timeout', ...PLAIN, proxy: '127.0.0.1:3128', timeoutMs: 2000 })),
        /did not answer within 2 seconds \(through the proxy 127\.0\.0\.1:3128\)\./,
      );
    });

    it('technical messages name the proxy', () => {
      assert.equal(
        new GatewayError({ kind: 'network', ...PLAIN, proxy: '127.0.0.1:9', atProxy: true, reason: 'refused', networkCode: 'ECONNREFUSED' }).message,
        'ECONNREFUSED gateway.invalid:8787 (proxy 127.0.0.1:9 unreachable)',
      );
      assert.equal(
        new GatewayError({ kind: 'network', ...PLAIN, proxy: '127.0.0.1:3128', reason: 'dns', networkCode: 'ENOTFOUND' }).message,
        'ENOTFOUND gateway.invalid via proxy 127.0.0.1:3128',
      );
      assert.equal(
        new GatewayError({ kind: 'http', ...PLAIN, proxy: '127.0.0.1:3128', status: 407 }).message,
        `HTTP 407 from GET ${PLAIN.url ?? ''} via proxy 127.0.0.1:3128`,
      );
    });
  });

  it('network failures: what happened to which host, and the network and proxy settings to check', () => {
    const said = (reason: 'reset' | 'refused' | 'dns' | 'unreachable' | 'tls' | 'notHttp' | 'other', networkCode?: string): string =>
      describeGatewayError(new GatewayError({ kind: 'network', ...AT, reason, ...(networkCode === undefined ? {} : { networkCode }) }));
    assert.equal(
      said('reset', 'ECONNRESET'),
      `The connection to gw.example:8443 was closed before the gateway answered (connection reset). ${CHECK_NETWORK}`,
    );
    assert.equal(
      said('refused', 'ECONNREFUSED'),
      `Could not connect to gw.example:8443: the connection was refused (is the gateway running?). ${CHECK_NETWORK}`,
    );
    assert.equal(said('dns', 'ENOTFOUND'), `Could not find the host gw.example (DNS lookup failed, ENOTFOUND). ${CHECK_NETWORK}`);
    assert.equal(said('unreachable', 'EHOSTUNREACH'), `The network could not reach gw.example:8443 (EHOSTUNREACH). ${CHECK_NETWORK}`);
    assert.equal(
      said('tls', 'CERT_HAS_EXPIRED'),
      'The secure connection to gw.example:8443 failed (CERT_HAS_EXPIRED). Check the gateway URL (https:// or ' +
        "http://), the server's certificate, and the `http.proxy` and `http.systemCertificates` settings.",
    );
    assert.equal(
      said('notHttp', 'HPE_INVALID_CONSTANT'),
      'The server at gw.example:8443 did not answer with valid HTTP (HPE_INVALID_CONSTANT). Check the gateway URL ' +
        '(https:// or http://, and the port) and the `http.proxy` setting.',
    );
    assert.equal(said('other', 'EWHATEVER'), `The request to gw.example:8443 failed (EWHATEVER). ${CHECK_NETWORK}`);
    assert.equal(
      describeGatewayError(new GatewayError({ kind: 'network', ...AT, reason: 'other', systemMessage: 'fetch failed' })),
      `The request to gw.example:8443 failed (fetch failed). ${CHECK_NETWORK}`,
    );
  });
});
