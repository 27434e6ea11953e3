import * as assert from 'node:assert/strict';
import { redactHeaders, redactSecret } from '../../../src/api/redact';

describe('redact', () => {
  it('replaces every occurrence of the secret', () => {
    assert.equal(redactSecret('a KEY b KEY', 'KEY'), 'a [redacted] b [redacted]');
    assert.equal(redactSecret('nothing here', 'KEY'), 'nothing here');
    assert.equal(redactSecret('text', ''), 'text', 'an empty secret changes nothing');
  });

  it('always hides x-api-key, whatever its case, and scrubs the secret from other headers', () => {
    assert.deepEqual(redactHeaders({ 'X-Api-Key': 'k-123', accept: 'application/json', echo: 'was k-123' }, 'k-123'), {
      'X-Api-Key': '[redacted]',
      accept: 'application/json',
      echo: 'was [redacted]',
    });
  });
});
