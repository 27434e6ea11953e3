/**
 * The words for a request that failed on the network or at a proxy: the connection to the gateway (refused, reset,
 * DNS, unreachable, TLS, not HTTP), the editor's proxy that could not be reached, a proxy's demand for credentials
 * (407) and which setting gives them. Each sentence says what happened to which host and which setting to check.
 * Pure (no `vscode`), in the editor's language (`l10n.t`). errorText.ts tells the other failures and uses these.
 */
import * as l10n from '@vscode/l10n';
import type { GatewayErrorFacts } from '../api/errors';
import { inlineCode } from './markdown';

const checkNetwork = (): string => l10n.t('Check the gateway URL, your network connection and the {0} setting.', '`http.proxy`');

/** The facts of a failure on the network (no answer from the gateway). */
export type NetworkFacts = Extract<GatewayErrorFacts, { kind: 'network' }>;

/** A failure on the network: what happened to which host (or to the proxy before it), and what to check. */
export function describeNetwork(facts: NetworkFacts): string {
  if (facts.proxy !== undefined && facts.atProxy === true) {
    return describeProxyUnreachable(facts, facts.proxy);
  }
  const text = describeNetworkDirect(facts);
  if (facts.proxy === undefined) {
    return text;
  }
  if (facts.reason === 'tls') {
    return l10n.t(
      "The secure connection to {0} through the proxy {1} failed ({2}). A proxy that inspects encrypted traffic presents its own certificate: make sure its certificate authority is among the system's certificates (setting {3}), or, only if you trust that proxy, turn off {4}.",
      facts.host ?? l10n.t('the gateway'),
      facts.proxy,
      facts.networkCode ?? l10n.t('no code'),
      inlineCode('http.systemCertificates'),
      inlineCode('http.proxyStrictSSL'),
    );
  }
  return l10n.t({ message: '{0} (The request went through the proxy {1}.)', args: [text, facts.proxy], comment: '{0} is the sentence about the network failure' });
}

/** The editor's proxy for the gateway could not be reached, so the gateway was never asked. */
function describeProxyUnreachable(facts: NetworkFacts, proxy: string): string {
  const code = facts.networkCode ?? facts.systemMessage ?? l10n.t('no code');
  const host = facts.host ?? l10n.t('the gateway');
  const check = l10n.t(
    "Check the setting {0} (or the system's proxy configuration), or list the gateway's host in {1} if it should be reached directly.",
    inlineCode('http.proxy'),
    inlineCode('http.noProxy'),
  );
  switch (facts.reason) {
    case 'reset':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (it closed the connection). {2}', proxy, host, check);
    case 'refused':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (the connection was refused). {2}', proxy, host, check);
    case 'dns':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (its host name could not be resolved, {2}). {3}', proxy, host, code, check);
    case 'unreachable':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (the network could not reach it, {2}). {3}', proxy, host, code, check);
    case 'tls':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (the secure connection failed, {2}). {3}', proxy, host, code, check);
    case 'notHttp':
      return l10n.t('Could not reach the proxy {0} that the editor uses for {1} (it did not answer with valid HTTP, {2}). {3}', proxy, host, code, check);
    case 'other':
      return l10n.t({ message: 'Could not reach the proxy {0} that the editor uses for {1} ({2}). {3}', args: [proxy, host, code, check], comment: '{2} is an error code or message' });
  }
}

/** For a 407: who wants credentials and which setting gives them. */
export function describeProxyAuthentication(facts: Extract<GatewayErrorFacts, { kind: 'http' }>): string {
  const inProxyUrl = l10n.t('put them in the setting {0} ({1})', inlineCode('http.proxy'), 'http://user:password@host:port');
  const authorization = inlineCode('http.proxyAuthorization');
  const example = l10n.t('for example "Basic " followed by the Base64 of user:password');
  const proxy = facts.proxy;
  if (facts.proxyAuthorizationSent === true) {
    return proxy === undefined
      ? l10n.t('A proxy refused the credentials in the setting {0} (HTTP 407 Proxy Authentication Required). Check its value ({1}), or {2}.', authorization, example, inProxyUrl)
      : l10n.t('The proxy {0} refused the credentials in the setting {1} (HTTP 407 Proxy Authentication Required). Check its value ({2}), or {3}.', proxy, authorization, example, inProxyUrl);
  }
  if ((facts.baseUrl ?? facts.url ?? '').startsWith('https:')) {
    return proxy === undefined
      ? l10n.t(
          'A proxy asks for credentials (HTTP 407 Proxy Authentication Required) before it opens the connection to the gateway: {0}. The editor opens that connection itself and does not send {1} for it.',
          inProxyUrl,
          authorization,
        )
      : l10n.t(
          'The proxy {0} asks for credentials (HTTP 407 Proxy Authentication Required) before it opens the connection to the gateway: {1}. The editor opens that connection itself and does not send {2} for it.',
          proxy,
          inProxyUrl,
          authorization,
        );
  }
  return proxy === undefined
    ? l10n.t('A proxy asks for credentials (HTTP 407 Proxy Authentication Required). Set {0} to the value it accepts ({1}), or {2}.', authorization, example, inProxyUrl)
    : l10n.t('The proxy {0} asks for credentials (HTTP 407 Proxy Authentication Required). Set {1} to the value it accepts ({2}), or {3}.', proxy, authorization, example, inProxyUrl);
}

/** A failure on the way to the gateway itself (no proxy, or past it). */
function describeNetworkDirect(facts: NetworkFacts): string {
  const host = facts.host ?? l10n.t('the gateway');
  const code = facts.networkCode ?? l10n.t('no code');
  switch (facts.reason) {
    case 'reset':
      return l10n.t('The connection to {0} was closed before the gateway answered (connection reset). {1}', host, checkNetwork());
    case 'refused':
      return l10n.t('Could not connect to {0}: the connection was refused (is the gateway running?). {1}', host, checkNetwork());
    case 'dns':
      return l10n.t('Could not find the host {0} (DNS lookup failed, {1}). {2}', host.replace(/:[0-9]+$/, ''), code, checkNetwork());
    case 'unreachable':
      return l10n.t('The network could not reach {0} ({1}). {2}', host, code, checkNetwork());
    case 'tls':
      return l10n.t(
        "The secure connection to {0} failed ({1}). Check the gateway URL (https:// or http://), the server's certificate, and the {2} and {3} settings.",
        host,
        code,
        inlineCode('http.proxy'),
        inlineCode('http.systemCertificates'),
      );
    case 'notHttp':
      return l10n.t(
        'The server at {0} did not answer with valid HTTP ({1}). Check the gateway URL (https:// or http://, and the port) and the {2} setting.',
        host,
        code,
        inlineCode('http.proxy'),
      );
    case 'other':
      return l10n.t('The request to {0} failed ({1}). {2}', host, facts.networkCode ?? facts.systemMessage ?? code, checkNetwork());
  }
}
