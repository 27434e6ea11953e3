/**
 * The words for what src/api reports as facts: gateway errors, base URL problems and paging notices, plus the text
 * of an error row. Pure (no `vscode`), so it is unit-tested on Node; every user-facing sentence about a failure is
 * made here, which keeps them in one place for translation.
 */
import type { BaseUrlProblem } from '../../api/baseUrl';
import type { GatewayError, GatewayErrorFacts, GatewayResource, InvalidRequestFacts, SchemaIssue } from '../../api/errors';
import type { ChainNotice } from '../../api/paging';
import { escapeMarkdown } from './markdown';

export interface ErrorRowText {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

const SET_KEY = '“Page Gateway: Set API Key…”';
const SET_URL = '“Page Gateway: Set Gateway URL…”';
const CHECK_NETWORK = 'Check the gateway URL, your network connection and the `http.proxy` setting.';
const CHECK_GATEWAY = 'Check that the gateway URL points at a Page Gateway (/v0 API).';
const EXAMPLE = 'for example https://api.example.com or https://api.example.com/gateway';

const SHORT: Record<GatewayError['kind'], string> = {
  unauthorized: 'key rejected',
  rateLimited: 'rate limited',
  server: 'server error',
  http: 'unexpected answer',
  network: 'network error',
  timeout: 'timed out',
  invalidJson: 'invalid JSON',
  invalidResponse: 'invalid response',
  cancelled: 'cancelled',
  tooLarge: 'response too large',
  invalidRequest: 'not sent',
  repeatedCursor: 'repeated cursor',
};

const RESOURCE: Record<GatewayResource, string> = {
  pageGroups: 'page groups',
  webhookSubscriptions: 'webhook subscriptions',
};

export function errorRowText(error: GatewayError, what: string, hasItems: boolean): ErrorRowText {
  const status = error.status === undefined ? '' : ` ${error.status}`;
  const wait = error.retryAfterSeconds === undefined ? '' : ` · retry after ${error.retryAfterSeconds} s`;
  const detail = error.detail ? `\n\n${escapeMarkdown(error.detail)}` : '';
  return {
    label: `Couldn't load ${hasItems ? 'more ' : ''}${what} — retry`,
    description: `${SHORT[error.kind]}${status}${wait}`,
    tooltip: `${escapeMarkdown(describeGatewayError(error))}${detail}\n\nClick to retry. Details are in “Page Gateway: Show Logs”.`,
  };
}

/**
 * The sentence the user reads about a failure: what happened, and what to check (settings, commands). An error made
 * outside src/api with its own words (the legacy constructor form) is shown as it is.
 */
export function describeGatewayError(error: GatewayError): string {
  if (!error.derivedMessage) {
    return error.message;
  }
  const facts = error.facts;
  const text = describeFacts(facts, error.message);
  const attempts = facts.kind === 'invalidRequest' ? undefined : facts.attempts;
  return attempts === undefined ? text : `${text} (Gave up after ${attempts} attempts.)`;
}

/** What is wrong with a base URL, with an example of a right one. Never echoes credentials (they are not in the facts). */
export function describeBaseUrlProblem(problem: BaseUrlProblem): string {
  switch (problem.kind) {
    case 'empty':
      return `Enter the gateway's address, ${EXAMPLE}.`;
    case 'noScheme':
      return `The gateway URL needs a scheme: write ${problem.suggestion} (${EXAMPLE}).`;
    case 'invalid':
      return `“${problem.input}” is not a valid URL; enter the gateway's address, ${EXAMPLE}.`;
    case 'badScheme':
      return `The gateway URL must start with https:// or http:// (got ${problem.scheme}://…); ${EXAMPLE}.`;
    case 'noHost':
      return `The gateway URL has no host name; ${EXAMPLE}.`;
    case 'credentials':
      return (
        'The gateway URL must not contain a user name or password (user:password@host). Remove them and set the API ' +
        `key with ${SET_KEY}; ${EXAMPLE}.`
      );
    case 'queryOrFragment':
      return `The gateway URL must not have a query (?…) or fragment (#…): give only the root address, ${EXAMPLE}.`;
  }
}

/** Why a chain of pages ended early. */
export function describeChainNotice(notice: ChainNotice): string {
  switch (notice.kind) {
    case 'missingCursor':
      return 'The gateway said more items exist but sent no cursor to fetch them; showing what it returned.';
    case 'repeatedCursor':
      return 'The gateway repeated a cursor it had already returned; paging stopped here to avoid a loop.';
    case 'emptyPages':
      return (
        `The gateway sent ${notice.emptyPages} pages in a row without new items while saying more exist; paging ` +
        'stopped here to avoid an endless load.'
      );
  }
}

function describeFacts(facts: GatewayErrorFacts, message: string): string {
  switch (facts.kind) {
    case 'unauthorized':
      return facts.status === 403
        ? `The gateway refused access with this API key (HTTP 403). Check that the key may read this gateway, or set ` +
            `another with ${SET_KEY}.`
        : `The gateway rejected the API key (HTTP ${facts.status}). Set a valid key with ${SET_KEY}.`;
    case 'rateLimited': {
      const seconds = facts.retryAfterSeconds;
      if (seconds === undefined) {
        return 'The gateway is limiting the request rate (HTTP 429). Wait a moment and try again.';
      }
      if (facts.retryAfterTooLong === true) {
        return (
          `The gateway is limiting the request rate (HTTP 429) and asked to wait ${seconds} s, longer than the ` +
          `${facts.maxRetryAfterSeconds ?? '?'} s this extension waits on its own. Try again in ${waitText(seconds)}.`
        );
      }
      return `The gateway is limiting the request rate (HTTP 429; it asked to wait ${seconds} s). Wait a moment and try again.`;
    }
    case 'server': {
      const when =
        facts.retryAfterTooLong === true && facts.retryAfterSeconds !== undefined
          ? `It asked to wait ${facts.retryAfterSeconds} s: try again in ${waitText(facts.retryAfterSeconds)}`
          : 'Try again later';
      const via =
        facts.proxy === undefined ? '' : ` The answer came through the proxy ${facts.proxy}, which may have sent it itself (for example when it cannot reach the gateway).`;
      return (
        `The gateway had a server error (HTTP ${facts.status}). ${when}; if it persists, check the gateway's health or ` +
        `contact its operators.${via}`
      );
    }
    case 'http':
      if (facts.status >= 300 && facts.status < 400) {
        return (
          `The gateway answered HTTP ${facts.status}, a redirect to ${facts.location ?? 'no Location header'}. It was ` +
          `not followed, so the API key stays with ${facts.origin ?? 'the configured gateway'}. If the gateway has ` +
          `moved, set its new address with ${SET_URL}.`
        );
      }
      if (facts.status === 407) {
        return describeProxyAuthentication(facts);
      }
      return `The gateway answered HTTP ${facts.status} to ${request(facts)}. ${statusHint(facts.status, facts.baseUrl)}`;
    case 'network':
      return describeNetwork(facts);
    case 'timeout':
      return (
        `The gateway at ${facts.host ?? 'the configured address'} did not answer within ${formatSeconds(facts.timeoutMs)}` +
        `${facts.proxy === undefined ? '' : ` (through the proxy ${facts.proxy})`}. ` +
        'Try again, or allow more time with the setting `pageGateway.requestTimeoutSeconds`.'
      );
    case 'invalidJson':
      return (
        `The gateway's answer to ${request(facts)} is not valid JSON` +
        `${facts.contentType === undefined ? '' : ` (content type ${facts.contentType})`}. ` +
        'Check that the gateway URL points at a Page Gateway and not at a web page or a proxy.'
      );
    case 'invalidResponse':
      if (facts.reason === 'schema') {
        const problems = facts.issues.map((issue) => issueWords(facts.resource, issue)).join('; ');
        return `The gateway's list of ${RESOURCE[facts.resource]} does not match the API contract (${problems}). ${CHECK_GATEWAY}`;
      }
      if (facts.reason === 'tooManyItems') {
        return (
          `The gateway sent ${facts.count} ${RESOURCE[facts.resource]} in one page, more than the ${facts.limit} asked ` +
          `for, so the page was not used. ${CHECK_GATEWAY}`
        );
      }
      return "The gateway's answer could not be read as the API contract describes.";
    case 'cancelled':
      return 'The request was cancelled.';
    case 'tooLarge':
      return (
        `The gateway's answer is larger than ${formatBytes(facts.maxBytes)}, so reading it was stopped. Use a smaller ` +
        'page size (setting `pageGateway.pageSize`), and check that the gateway URL points at a Page Gateway.'
      );
    case 'invalidRequest':
      return describeInvalidRequest(facts, message);
    case 'repeatedCursor':
      return 'The gateway repeated a cursor it had already returned; paging stopped here to avoid a loop.';
  }
}

type NetworkFacts = Extract<GatewayErrorFacts, { kind: 'network' }>;

function describeNetwork(facts: NetworkFacts): string {
  if (facts.proxy !== undefined && facts.atProxy === true) {
    return describeProxyUnreachable(facts, facts.proxy);
  }
  const text = describeNetworkDirect(facts);
  if (facts.proxy === undefined) {
    return text;
  }
  if (facts.reason === 'tls') {
    return (
      `The secure connection to ${facts.host ?? 'the gateway'} through the proxy ${facts.proxy} failed ` +
      `(${facts.networkCode ?? 'no code'}). A proxy that inspects encrypted traffic presents its own certificate: make ` +
      "sure its certificate authority is among the system's certificates (setting `http.systemCertificates`), or, " +
      'only if you trust that proxy, turn off `http.proxyStrictSSL`.'
    );
  }
  return `${text} (The request went through the proxy ${facts.proxy}.)`;
}

/** The editor's proxy for the gateway could not be reached, so the gateway was never asked. */
function describeProxyUnreachable(facts: NetworkFacts, proxy: string): string {
  const code = facts.networkCode ?? facts.systemMessage ?? 'no code';
  const why: Record<NetworkFacts['reason'], string> = {
    reset: 'it closed the connection',
    refused: 'the connection was refused',
    dns: `its host name could not be resolved, ${code}`,
    unreachable: `the network could not reach it, ${code}`,
    tls: `the secure connection failed, ${code}`,
    notHttp: `it did not answer with valid HTTP, ${code}`,
    other: code,
  };
  return (
    `Could not reach the proxy ${proxy} that the editor uses for ${facts.host ?? 'the gateway'} (${why[facts.reason]}). ` +
    "Check the setting `http.proxy` (or the system's proxy configuration), or list the gateway's host in " +
    '`http.noProxy` if it should be reached directly.'
  );
}

/** For a 407: who wants credentials and which setting gives them. */
function describeProxyAuthentication(facts: Extract<GatewayErrorFacts, { kind: 'http' }>): string {
  const proxy = facts.proxy === undefined ? 'A proxy' : `The proxy ${facts.proxy}`;
  const inProxyUrl = 'put them in the setting `http.proxy` (http://user:password@host:port)';
  if (facts.proxyAuthorizationSent === true) {
    return (
      `${proxy} refused the credentials in the setting \`http.proxyAuthorization\` (HTTP 407 Proxy Authentication ` +
      `Required). Check its value (for example "Basic " followed by the Base64 of user:password), or ${inProxyUrl}.`
    );
  }
  if ((facts.baseUrl ?? facts.url ?? '').startsWith('https:')) {
    return (
      `${proxy} asks for credentials (HTTP 407 Proxy Authentication Required) before it opens the connection to the ` +
      `gateway: ${inProxyUrl}. The editor opens that connection itself and does not send \`http.proxyAuthorization\` ` +
      'for it.'
    );
  }
  return (
    `${proxy} asks for credentials (HTTP 407 Proxy Authentication Required). Set \`http.proxyAuthorization\` to the ` +
    `value it accepts (for example "Basic " followed by the Base64 of user:password), or ${inProxyUrl}.`
  );
}

function describeNetworkDirect(facts: NetworkFacts): string {
  const host = facts.host ?? 'the gateway';
  const code = facts.networkCode;
  switch (facts.reason) {
    case 'reset':
      return `The connection to ${host} was closed before the gateway answered (connection reset). ${CHECK_NETWORK}`;
    case 'refused':
      return `Could not connect to ${host}: the connection was refused (is the gateway running?). ${CHECK_NETWORK}`;
    case 'dns':
      return `Could not find the host ${host.replace(/:[0-9]+$/, '')} (DNS lookup failed, ${code ?? 'no code'}). ${CHECK_NETWORK}`;
    case 'unreachable':
      return `The network could not reach ${host} (${code ?? 'no code'}). ${CHECK_NETWORK}`;
    case 'tls':
      return (
        `The secure connection to ${host} failed (${code ?? 'no code'}). Check the gateway URL (https:// or http://), ` +
        "the server's certificate, and the `http.proxy` and `http.systemCertificates` settings."
      );
    case 'notHttp':
      return (
        `The server at ${host} did not answer with valid HTTP (${code ?? 'no code'}). Check the gateway URL ` +
        '(https:// or http://, and the port) and the `http.proxy` setting.'
      );
    case 'other':
      return `The request to ${host} failed (${code ?? facts.systemMessage ?? 'no code'}). ${CHECK_NETWORK}`;
  }
}

function describeInvalidRequest(facts: InvalidRequestFacts, message: string): string {
  switch (facts.reason) {
    case 'badLimit':
      return (
        `The page size must be a whole number from ${facts.minLimit} to ${facts.maxLimit} (got ${String(facts.limit)}). ` +
        'Check the setting `pageGateway.pageSize`.'
      );
    case 'noKey':
      return `No API key is set for this gateway. Set one with ${SET_KEY}.`;
    case 'keyNotSendable':
      return (
        'The API key contains characters that cannot be sent in an HTTP header (line breaks or non-Latin-1 ' +
        `characters). Set it again with ${SET_KEY}.`
      );
    case 'badBaseUrl':
      return describeBaseUrlProblem(facts.problem);
    case 'other':
      return message;
  }
}

/** One envelope problem, e.g. `items: expected array, got object` or `hasMore: missing (required by the contract)`. */
function issueWords(resource: GatewayResource, issue: SchemaIssue): string {
  if (issue.path === '') {
    const expected =
      resource === 'pageGroups' ? 'an object with hasMore, items and limit' : issue.expected === 'array' ? 'a JSON array' : issue.expected;
    return `expected ${expected ?? 'another value'}, got ${issue.got ?? 'something else'}`;
  }
  if (issue.got === 'missing') {
    return `${issue.path}: missing (required by the contract)`;
  }
  if (issue.expected !== undefined) {
    return `${issue.path}: expected ${issue.expected}, got ${issue.got ?? 'something else'}`;
  }
  return `${issue.path}: not as the contract describes (${issue.code ?? 'invalid'})`;
}

function request(facts: { readonly method?: string; readonly url?: string }): string {
  return facts.url === undefined ? 'the request' : `${facts.method ?? 'GET'} ${facts.url}`;
}

function statusHint(status: number, baseUrl: string | undefined): string {
  if (status === 400) {
    return 'The gateway refused the request as invalid; if you were paging, refresh the list to start again (a cursor may have expired).';
  }
  if (status === 404 || status === 405) {
    return `Check the gateway URL: the API is expected under ${baseUrl ?? '<gateway URL>'}/v0/. Change it with ${SET_URL}.`;
  }
  return `Check the gateway URL (${SET_URL}) and the gateway's documentation for this status.`;
}

function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(3))} s`;
}

function formatBytes(bytes: number): string {
  const units: readonly [string, number][] = [
    ['MiB', 1024 * 1024],
    ['KiB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) {
      return `${Number((bytes / size).toFixed(1))} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}
