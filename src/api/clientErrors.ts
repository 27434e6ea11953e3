/**
 * The errors the client throws, made final: a parser's error told where the request went, the key removed from
 * every text of an error (a gateway could echo it back), and the count of attempts added once every retry was used.
 */
import { GatewayError, type GatewayErrorFacts, type RequestFacts } from './errors';
import { redactSecret } from './redact';

/** A parser's failure as a `GatewayError` of the request at `where`. */
export function asGatewayError(error: unknown, where: RequestFacts): GatewayError {
  if (error instanceof GatewayError) {
    // The parsers know nothing of the request: add where it went.
    return error.derivedMessage && error.facts.kind !== 'invalidRequest'
      ? new GatewayError({ ...error.facts, ...where }, { detail: error.detail, cause: error.cause })
      : error;
  }
  return new GatewayError(
    { kind: 'invalidResponse', ...where, reason: 'unreadable' },
    { detail: error instanceof Error ? error.message : String(error), cause: error },
  );
}

/** The same error with `key` removed from its message, facts and detail (the same object when nothing changed). */
export function scrubError(error: GatewayError, key: string): GatewayError {
  const facts = redactFacts(error.facts, key);
  const detail = error.detail === undefined ? undefined : redactSecret(error.detail, key);
  const message = redactSecret(error.message, key);
  if (facts === error.facts && detail === error.detail && message === error.message) {
    return error;
  }
  return error.derivedMessage
    ? new GatewayError(facts, { detail })
    : new GatewayError(error.kind, message, { status: error.status, retryAfterSeconds: error.retryAfterSeconds, detail });
}

/** The final error after every attempt was used on a retryable failure. */
export function exhausted(error: GatewayError, attempts: number): GatewayError {
  if (!error.derivedMessage || error.facts.kind === 'invalidRequest') {
    return error;
  }
  return new GatewayError({ ...error.facts, attempts }, { detail: error.detail, cause: error.cause });
}

/** Facts with the key removed from every text field (the same object when nothing changed). */
function redactFacts(facts: GatewayErrorFacts, key: string): GatewayErrorFacts {
  let changed = false;
  const copy: Record<string, unknown> = { ...facts };
  for (const name of Object.keys(copy)) {
    const value = copy[name];
    if (typeof value === 'string') {
      const clean = redactSecret(value, key);
      if (clean !== value) {
        copy[name] = clean;
        changed = true;
      }
    }
  }
  return changed ? (copy as unknown as GatewayErrorFacts) : facts;
}
