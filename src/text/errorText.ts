/**
 * The words for what src/api reports as facts: gateway errors, base URL problems and paging notices, plus the text
 * of an error row. Pure (no `vscode`), so it is unit-tested on Node; every user-facing sentence about a failure is
 * made here, in the editor's language (`l10n.t`; numbers and durations through `Intl`). The failures on the network
 * and at a proxy are told in networkErrorText.ts.
 */
import * as l10n from '@vscode/l10n';
import type { BaseUrlProblem } from '../api/baseUrl';
import type { GatewayError, GatewayErrorFacts, InvalidRequestFacts, SchemaIssue } from '../api/errors';
import type { ChainNotice } from '../lists/paging';
import { formatBytes, formatMinutes, formatNumber, formatSeconds } from '../l10n/numbers';
import { plural } from '../l10n/plural';
import { ANY_LIST_WORDS, type ListWords } from './listWords';
import { escapeMarkdown, inlineCode } from './markdown';
import { describeNetwork, describeProxyAuthentication } from './networkErrorText';

export interface ErrorRowText {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

const setKeyCommand = (): string => l10n.t('“Page Gateway: Set API Key…”');
const setUrlCommand = (): string => l10n.t('“Page Gateway: Set Gateway URL…”');
const checkGateway = (): string => l10n.t('Check that the gateway URL points at a Page Gateway (/v0 API).');
const example = (): string => l10n.t('for example {0} or {1}', 'https://api.example.com', 'https://api.example.com/gateway');

function shortText(kind: GatewayError['kind']): string {
  switch (kind) {
    case 'unauthorized':
      return l10n.t('key rejected');
    case 'rateLimited':
      return l10n.t('rate limited');
    case 'server':
      return l10n.t('server error');
    case 'http':
      return l10n.t('unexpected answer');
    case 'network':
      return l10n.t('network error');
    case 'timeout':
      return l10n.t('timed out');
    case 'invalidJson':
      return l10n.t('invalid JSON');
    case 'invalidResponse':
      return l10n.t('invalid response');
    case 'cancelled':
      return l10n.t('cancelled');
    case 'tooLarge':
      return l10n.t('response too large');
    case 'invalidRequest':
      return l10n.t('not sent');
    case 'repeatedCursor':
      return l10n.t('repeated cursor');
  }
}

/** The error row of a failed load of the list whose `words` are given (`hasItems`: rows loaded before stay above it). */
export function errorRowText(error: GatewayError, words: ListWords, hasItems: boolean): ErrorRowText {
  const short = shortText(error.kind);
  const withStatus = error.status === undefined ? short : l10n.t({ message: '{0} {1}', args: [short, error.status], comment: 'what failed, then the HTTP status: "rate limited 429"' });
  const description =
    error.retryAfterSeconds === undefined ? withStatus : l10n.t('{0} · retry after {1}', withStatus, formatSeconds(error.retryAfterSeconds));
  const detail = error.detail ? `\n\n${escapeMarkdown(detailText(error, error.detail))}` : '';
  return {
    label: words.couldNotLoad(hasItems),
    description,
    tooltip: `${escapeMarkdown(describeGatewayError(error, words))}${detail}\n\n${l10n.t('Click to retry. Details are in “Page Gateway: Show Logs”.')}`,
  };
}

/** The error's technical detail, said for what it is: the start of the answer, the redirect's Location, or an exception. */
function detailText(error: GatewayError, detail: string): string {
  const facts = error.facts;
  if (facts.kind === 'http' && (facts.redirect === true || facts.location !== undefined)) {
    return l10n.t({ message: 'Location: {0}', args: [detail], comment: 'the Location header of a redirect' });
  }
  switch (facts.kind) {
    case 'unauthorized':
    case 'rateLimited':
    case 'server':
    case 'http':
    case 'invalidJson':
      return l10n.t('The answer starts with: {0}', detail);
    default:
      return l10n.t('Technical detail: {0}', detail);
  }
}

/**
 * The sentence the user reads about a failure: what happened, and what to check (settings, commands). An error made
 * outside src/api with its own words (the legacy constructor form) is shown as it is. `words`: those of the list the
 * request read (its kind's `words`), for an answer that breaks the contract; without them the list is not named.
 */
export function describeGatewayError(error: GatewayError, words: ListWords = ANY_LIST_WORDS): string {
  if (!error.derivedMessage) {
    return error.message;
  }
  const facts = error.facts;
  const text = fromMachine(facts, describeFacts(facts, error.message, words));
  const attempts = facts.kind === 'invalidRequest' ? undefined : facts.attempts;
  if (attempts === undefined) {
    return text;
  }
  const n = formatNumber(attempts);
  return plural(attempts, {
    zero: () => l10n.t({ message: '{0} (Gave up after {1} attempts.)', args: [text, n], comment: 'plural: zero' }),
    one: () => l10n.t('{0} (Gave up after {1} attempt.)', text, n),
    two: () => l10n.t({ message: '{0} (Gave up after {1} attempts.)', args: [text, n], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} (Gave up after {1} attempts.)', args: [text, n], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} (Gave up after {1} attempts.)', args: [text, n], comment: 'plural: many' }),
    other: () => l10n.t('{0} (Gave up after {1} attempts.)', text, n),
  });
}

/**
 * A request that could not reach its gateway (or its proxy) in a remote window says from which machine it was sent:
 * an address such as `localhost` means that machine, not the one the editor's window is on.
 */
function fromMachine(facts: GatewayErrorFacts, text: string): string {
  const remote = facts.kind === 'invalidRequest' ? undefined : facts.sentFrom;
  if (remote === undefined || (facts.kind !== 'network' && facts.kind !== 'timeout')) {
    return text;
  }
  return l10n.t({
    message: '{0} The request was sent from the remote machine ({1}): the gateway address is reached from there.',
    args: [text, remote],
    comment: '{0} is the sentence about the failure, {1} the name of the remote (e.g. ssh-remote, wsl)',
  });
}

/** What is wrong with a base URL, with an example of a right one. Never echoes credentials (they are not in the facts). */
export function describeBaseUrlProblem(problem: BaseUrlProblem): string {
  switch (problem.kind) {
    case 'empty':
      return l10n.t("Enter the gateway's address, {0}.", example());
    case 'noScheme':
      return l10n.t('The gateway URL needs a scheme: write {0} ({1}).', problem.suggestion, example());
    case 'invalid':
      return l10n.t("“{0}” is not a valid URL; enter the gateway's address, {1}.", problem.input, example());
    case 'badScheme':
      return l10n.t('The gateway URL must start with https:// or http:// (got {0}); {1}.', `${problem.scheme}://…`, example());
    case 'noHost':
      return l10n.t('The gateway URL has no host name; {0}.', example());
    case 'credentials':
      return l10n.t(
        'The gateway URL must not contain a user name or password (user:password@host). Remove them and set the API key with {0}; {1}.',
        setKeyCommand(),
        example(),
      );
    case 'queryOrFragment':
      return l10n.t('The gateway URL must not have a query (?…) or fragment (#…): give only the root address, {0}.', example());
  }
}

/** Why a chain of pages ended early. */
export function describeChainNotice(notice: ChainNotice): string {
  switch (notice.kind) {
    case 'missingCursor':
      return l10n.t('The gateway said more items exist but sent no cursor to fetch them; showing what it returned.');
    case 'repeatedCursor':
      return l10n.t('The gateway repeated a cursor it had already returned; paging stopped here to avoid a loop.');
    case 'emptyPages': {
      const n = formatNumber(notice.emptyPages);
      return plural(notice.emptyPages, {
        zero: () => l10n.t({ message: 'The gateway sent {0} pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.', args: [n], comment: 'plural: zero' }),
        one: () => l10n.t('The gateway sent {0} page without new items while saying more exist; paging stopped here to avoid an endless load.', n),
        two: () => l10n.t({ message: 'The gateway sent {0} pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.', args: [n], comment: 'plural: two' }),
        few: () => l10n.t({ message: 'The gateway sent {0} pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.', args: [n], comment: 'plural: few' }),
        many: () => l10n.t({ message: 'The gateway sent {0} pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.', args: [n], comment: 'plural: many' }),
        other: () => l10n.t('The gateway sent {0} pages in a row without new items while saying more exist; paging stopped here to avoid an endless load.', n),
      });
    }
  }
}

function describeFacts(facts: GatewayErrorFacts, message: string, words: ListWords): string {
  switch (facts.kind) {
    case 'unauthorized':
      return facts.status === 403
        ? l10n.t('The gateway refused access with this API key (HTTP 403). Check that the key may read this gateway, or set another with {0}.', setKeyCommand())
        : l10n.t('The gateway rejected the API key (HTTP {0}). Set a valid key with {1}.', facts.status, setKeyCommand());
    case 'rateLimited': {
      const seconds = facts.retryAfterSeconds;
      if (seconds === undefined) {
        return l10n.t('The gateway is limiting the request rate (HTTP 429). Wait a moment and try again.');
      }
      if (facts.retryAfterTooLong === true) {
        return l10n.t(
          'The gateway is limiting the request rate (HTTP 429) and asked to wait {0}, longer than the {1} this extension waits on its own. Try again in {2}.',
          formatSeconds(seconds),
          facts.maxRetryAfterSeconds === undefined ? '?' : formatSeconds(facts.maxRetryAfterSeconds),
          waitText(seconds),
        );
      }
      return l10n.t('The gateway is limiting the request rate (HTTP 429; it asked to wait {0}). Wait a moment and try again.', formatSeconds(seconds));
    }
    case 'server': {
      const text =
        facts.retryAfterTooLong === true && facts.retryAfterSeconds !== undefined
          ? l10n.t(
              "The gateway had a server error (HTTP {0}). It asked to wait {1}: try again in {2}; if it persists, check the gateway's health or contact its operators.",
              facts.status,
              formatSeconds(facts.retryAfterSeconds),
              waitText(facts.retryAfterSeconds),
            )
          : l10n.t("The gateway had a server error (HTTP {0}). Try again later; if it persists, check the gateway's health or contact its operators.", facts.status);
      return facts.proxy === undefined
        ? text
        : l10n.t({
            message: '{0} The answer came through the proxy {1}, which may have sent it itself (for example when it cannot reach the gateway).',
            args: [text, facts.proxy],
            comment: '{0} is the sentence about the server error',
          });
    }
    case 'http':
      if (facts.status >= 300 && facts.status < 400) {
        return l10n.t(
          'The gateway answered HTTP {0}, a redirect to {1}. It was not followed, so the API key stays with {2}. If the gateway has moved, set its new address with {3}.',
          facts.status,
          facts.location ?? l10n.t('no Location header'),
          facts.origin ?? l10n.t('the configured gateway'),
          setUrlCommand(),
        );
      }
      if (facts.status === 407) {
        return describeProxyAuthentication(facts);
      }
      return l10n.t({
        message: 'The gateway answered HTTP {0} to {1}. {2}',
        args: [facts.status, request(facts), statusHint(facts.status, facts.baseUrl)],
        comment: '{1} is the request ("GET https://…"), {2} what to check',
      });
    case 'network':
      return describeNetwork(facts);
    case 'timeout':
      return facts.proxy === undefined
        ? l10n.t(
            'The gateway at {0} did not answer within {1}. Try again, or allow more time with the setting {2}.',
            facts.host ?? l10n.t('the configured address'),
            formatSeconds(facts.timeoutMs / 1000),
            inlineCode('pageGateway.requestTimeoutSeconds'),
          )
        : l10n.t(
            'The gateway at {0} did not answer within {1} (through the proxy {2}). Try again, or allow more time with the setting {3}.',
            facts.host ?? l10n.t('the configured address'),
            formatSeconds(facts.timeoutMs / 1000),
            facts.proxy,
            inlineCode('pageGateway.requestTimeoutSeconds'),
          );
    case 'invalidJson':
      return facts.contentType === undefined
        ? l10n.t("The gateway's answer to {0} is not valid JSON. Check that the gateway URL points at a Page Gateway and not at a web page or a proxy.", request(facts))
        : l10n.t(
            "The gateway's answer to {0} is not valid JSON (content type {1}). Check that the gateway URL points at a Page Gateway and not at a web page or a proxy.",
            request(facts),
            facts.contentType,
          );
    case 'invalidResponse':
      if (facts.reason === 'schema') {
        const problems = facts.issues.map(issueWords).join('; ');
        return words.breaksContract(problems, checkGateway());
      }
      if (facts.reason === 'tooManyItems') {
        return words.tooManyInPage(facts.count, facts.limit, checkGateway());
      }
      return l10n.t("The gateway's answer could not be read as the API contract describes.");
    case 'cancelled':
      return l10n.t('The request was cancelled.');
    case 'tooLarge':
      return l10n.t(
        "The gateway's answer is larger than {0}, so reading it was stopped. Use a smaller page size (setting {1}), and check that the gateway URL points at a Page Gateway.",
        formatBytes(facts.maxBytes),
        inlineCode('pageGateway.pageSize'),
      );
    case 'invalidRequest':
      return describeInvalidRequest(facts, message);
    case 'repeatedCursor':
      return l10n.t('The gateway repeated a cursor it had already returned; paging stopped here to avoid a loop.');
  }
}

function describeInvalidRequest(facts: InvalidRequestFacts, message: string): string {
  switch (facts.reason) {
    case 'badLimit':
      return l10n.t(
        'The page size must be a whole number from {0} to {1} (got {2}). Check the setting {3}.',
        formatNumber(facts.minLimit),
        formatNumber(facts.maxLimit),
        String(facts.limit),
        inlineCode('pageGateway.pageSize'),
      );
    case 'noKey':
      return l10n.t('No API key is set for this gateway. Set one with {0}.', setKeyCommand());
    case 'keyNotSendable':
      return l10n.t(
        'The API key contains characters that cannot be sent in an HTTP header (line breaks or non-Latin-1 characters). Set it again with {0}.',
        setKeyCommand(),
      );
    case 'badBaseUrl':
      return describeBaseUrlProblem(facts.problem);
    case 'leavesMachine':
      return l10n.t(
        "The editor routes this plain-HTTP request through the proxy {0}, which would read the API key, so nothing was sent. Answer from the gateway's row whether the key may go over plain HTTP, list the host in {1}, or use an https:// URL.",
        facts.proxy,
        inlineCode('http.noProxy'),
      );
    case 'other':
      return message;
  }
}

/** One envelope problem, e.g. `items: expected array, got object` or `hasMore: missing (required by the contract)`. */
function issueWords(issue: SchemaIssue): string {
  const got = issue.got ?? l10n.t('something else');
  if (issue.path === '') {
    if (issue.expected === 'object') {
      // The contract's only envelope that is an object is a page.
      return l10n.t('expected an object with hasMore, items and limit, got {0}', got);
    }
    return issue.expected === 'array' || issue.expected === undefined
      ? l10n.t('expected a JSON array, got {0}', got)
      : l10n.t({ message: 'expected {0}, got {1}', args: [issue.expected, got], comment: '{0} and {1} are JSON types: "expected array, got object"' });
  }
  if (issue.got === 'missing') {
    return l10n.t('{0}: missing (required by the contract)', issue.path);
  }
  if (issue.expected !== undefined) {
    return l10n.t({ message: '{0}: expected {1}, got {2}', args: [issue.path, issue.expected, got], comment: '{0} is a field, {1} and {2} JSON types: "limit: expected number, got string"' });
  }
  return l10n.t('{0}: not as the contract describes ({1})', issue.path, issue.code ?? 'invalid');
}

function request(facts: { readonly method?: string; readonly url?: string }): string {
  return facts.url === undefined ? l10n.t('the request') : `${facts.method ?? 'GET'} ${facts.url}`;
}

function statusHint(status: number, baseUrl: string | undefined): string {
  if (status === 400) {
    return l10n.t('The gateway refused the request as invalid; if you were paging, refresh the list to start again (a cursor may have expired).');
  }
  if (status === 404 || status === 405) {
    return l10n.t('Check the gateway URL: the API is expected under {0}. Change it with {1}.', `${baseUrl ?? l10n.t('<gateway URL>')}/v0/`, setUrlCommand());
  }
  return l10n.t("Check the gateway URL ({0}) and the gateway's documentation for this status.", setUrlCommand());
}

function waitText(seconds: number): string {
  return seconds < 120 ? formatSeconds(seconds) : formatMinutes(Math.ceil(seconds / 60));
}
