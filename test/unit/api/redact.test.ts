import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_MARKER_CHARS, REDACTED, redactBodyExcerpt, redactHeaders, redactSecret, secretForms } from '../../../src/api/redact';

/** A key whose characters change under every encoding: `/`, `+`, `=`, `&`, space, quotes, backslash, Latin-1. */
const NASTY = 'pk/9+Q= &"x\\y?é%z';

/**
 * The encodings a gateway can send the key back in, computed here independently of redact.ts. The query form as
 * `new URL(location)` re-encodes it is only computed for keys the client can send (no control characters, no white
 * space at the ends: the URL parser drops those) and without `#` (it would start a fragment).
 */
function encodingsOf(key: string): string[] {
  const forms = [key, JSON.stringify(key).slice(1, -1)];
  const tryAdd = (make: () => string): void => {
    try {
      forms.push(make());
    } catch {
      // not encodable this way (a lone surrogate)
    }
  };
  tryAdd(() => encodeURIComponent(key));
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f#]/.test(key) && key.trim() === key) {
    tryAdd(() => new URL(`https://evil.example/cb?k=${key}`).search.slice(3));
  }
  tryAdd(() => {
    const url = new URL('https://evil.example/');
    url.pathname = `/${key}`;
    return url.pathname.slice(1);
  });
  const utf8 = Buffer.from(key, 'utf8');
  forms.push(utf8.toString('base64'), utf8.toString('base64').replace(/=+$/, ''), utf8.toString('base64url'));
  return forms.filter((form) => form !== '');
}

function assertClean(out: string, key: string, context: string): void {
  for (const form of encodingsOf(key)) {
    assert.ok(!out.includes(form), `${context}: ${JSON.stringify(out)} holds ${JSON.stringify(form)} (key ${JSON.stringify(key)})`);
  }
}

describe('redact', () => {
  it('replaces every occurrence of the secret', () => {
    assert.equal(redactSecret('a KEY b KEY', 'KEY'), 'a [redacted] b [redacted]');
    assert.equal(redactSecret('nothing here', 'KEY'), 'nothing here');
    assert.equal(redactSecret('text', ''), 'text', 'an empty secret changes nothing');
    assert.equal(redactSecret('KEYKEYKEY', 'KEY'), '[redacted]', 'adjacent occurrences become one marker');
  });

  it('always hides x-api-key, whatever its case, and scrubs the secret from other headers', () => {
    assert.deepEqual(redactHeaders({ 'X-Api-Key': 'k-123', accept: 'application/json', echo: 'was k-123' }, 'k-123'), {
      'X-Api-Key': '[redacted]',
      accept: 'application/json',
      echo: 'was [redacted]',
    });
    assert.deepEqual(redactHeaders({ echo: `v=${encodeURIComponent(NASTY)}`, long: 'x'.repeat(50) }, NASTY, 10), {
      echo: 'v=[redacted]',
      long: `${'x'.repeat(10)}…`,
    });
  });

  it('redacts first, then cuts: a key straddling the cut leaves no prefix behind', () => {
    const key = 'pge-unit-K3y-7f19c2e8';
    for (let before = 280; before <= 300; before++) {
      const text = `${'x'.repeat(before)}${key}${'y'.repeat(100)}`;
      const out = redactSecret(text, key, 300);
      assert.ok(out.length <= 300 + MAX_MARKER_CHARS, `length ${out.length}`);
      assert.ok(out.endsWith('…'));
      // Any start of the key that is 3 or more characters long would be a leak.
      assert.ok(!out.includes(key.slice(0, 3)), `cut after ${before}: ${out.slice(270)}`);
      if (before < 300) {
        assert.ok(out.includes(REDACTED), 'the key that starts inside the excerpt is shown as redacted');
      }
    }
  });

  it('body excerpts: only the start of the body is decoded, the key straddling the cut is redacted whole', () => {
    const key = 'pge-unit-K3y-7f19c2e8';
    const body = Buffer.from(`${'é'.repeat(295)}${key}${'z'.repeat(1_000_000)}`, 'utf8');
    const out = redactBodyExcerpt(body, key, 300);
    assert.equal(out, `${'é'.repeat(295)}${REDACTED}…`, 'the marker is kept whole, not cut through');
    assert.equal(redactBodyExcerpt(body, key, 320), `${'é'.repeat(295)}${REDACTED}zzzz…`, '320 characters of the body, the key masked');
    assert.equal(redactBodyExcerpt(Buffer.alloc(0), key, 300), undefined);
    assert.equal(redactBodyExcerpt(Buffer.from('short'), key, 300), 'short', 'no ellipsis when nothing is left out');
  });

  it('redacts the percent-encoded, URL re-encoded, JSON-escaped, base64 and base64url forms', () => {
    const encodings = encodingsOf(NASTY);
    assert.ok(new Set(encodings).size >= 7, 'the test key changes under each encoding');
    for (const form of encodings) {
      const out = redactSecret(`before ${form} after`, NASTY);
      assert.equal(out, `before ${REDACTED} after`, JSON.stringify(form));
    }
    // A Location header as `new URL(location).href` re-encodes it.
    const href = new URL(`https://evil.example/cb/${NASTY.replace(/[?#]/g, '')}?k=${NASTY.replace('#', '')}`).href;
    assertClean(redactSecret(href, NASTY), NASTY, 'href');
    // Lower-case hex, form encoding, the `\/` and `\u00e9` JSON escapes, Latin-1 base64 (how a header value is sent).
    const json = JSON.stringify(NASTY).slice(1, -1);
    for (const form of [
      encodeURIComponent(NASTY).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
      new URLSearchParams([['k', NASTY]]).toString().slice(2),
      json.replace(/\//g, '\\/'),
      json.replace('é', '\\u00e9'),
      json.replace('é', '\\u00E9'),
      Buffer.from(NASTY, 'latin1').toString('base64'),
      Buffer.from(NASTY, 'latin1').toString('base64url'),
      // A header value written in UTF-8 and read as Latin-1 (Node's HTTP client), as is and as a URL re-encodes it.
      Buffer.from(NASTY, 'utf8').toString('latin1'),
      new URL(`https://h/?${Buffer.from(NASTY, 'utf8').toString('latin1')}`).search.slice(1),
    ]) {
      assert.equal(redactSecret(`<${form}>`, NASTY), `<${REDACTED}>`, form);
    }
  });

  it('redacts the key inside a longer base64 text at each alignment (e.g. Basic auth)', () => {
    const key = 'pge-unit-K3y-7f19c2e8-0123';
    const keyBytes = Buffer.from(key);
    for (const prefix of ['', 'u:', 'us:', 'use:', 'user:']) {
      const header = `Basic ${Buffer.from(`${prefix}${key}:tail`).toString('base64')}`;
      const out = redactSecret(header, key);
      assert.ok(out.includes(REDACTED), `${prefix}: ${out}`);
      // Whatever base64 is left, decoded at any alignment, yields no 4 consecutive bytes of the key.
      for (const run of out.match(/[A-Za-z0-9+/]+/g) ?? []) {
        for (let skip = 0; skip < 4; skip++) {
          const decoded = Buffer.from(run.slice(skip), 'base64');
          for (let i = 0; i + 4 <= keyBytes.length; i++) {
            assert.ok(!decoded.includes(keyBytes.subarray(i, i + 4)), `${prefix}: ${out} still holds ${key.slice(i, i + 4)}`);
          }
        }
      }
    }
    const other = `Basic ${Buffer.from('user:someone-elses-key-999').toString('base64')}`;
    assert.equal(redactSecret(other, key), other, 'base64 of other data is left alone');
  });

  it('never re-creates the key with its own marker or at a marker border', () => {
    for (const [key, text] of [
      ['red', 'a red car'],
      ['act', 'exact act'],
      ['[redacted]', 'x [redacted] y'],
      ['e', 'seven eels'],
      [']x', ']xx]x'],
      ['*', 'a*b**'],
      ['ab', 'aabb'],
    ] as const) {
      const out = redactSecret(text, key);
      assertClean(out, key, text);
    }
  });

  it('hides any x-api-key header, also one that holds another key than the current one', () => {
    assert.deepEqual(redactHeaders({ 'X-API-KEY': 'previous-key', via: 'proxy' }, 'current-key'), {
      'X-API-KEY': REDACTED,
      via: 'proxy',
    });
  });

  it('an empty secret has no forms and changes no text, also in a body excerpt', () => {
    assert.deepEqual(secretForms(''), []);
    assert.equal(redactBodyExcerpt(Buffer.from('a body'), '', 100), 'a body');
    assert.equal(redactSecret('abcdef', '', 3), 'abc…');
  });

  it("computes a key's forms once (the same list for every text the key is redacted from)", () => {
    const forms = secretForms('pge-unit-K3y-cache');
    assert.ok(forms.length > 1);
    assert.equal(secretForms('pge-unit-K3y-cache'), forms);
  });

  it('the forms of a plain key are the key and pieces of its base64: nothing else is redacted', () => {
    const key = 'pk-live-ABCdef123456';
    const base64Texts = [0, 1, 2].flatMap((offset) => {
      const base64 = Buffer.concat([Buffer.alloc(offset), Buffer.from(key)]).toString('base64');
      return [base64, base64.replace(/\+/g, '-').replace(/\//g, '_')];
    });
    for (const form of secretForms(key)) {
      assert.ok(form === key || base64Texts.some((text) => text.includes(form)), `unexpected form ${JSON.stringify(form)}`);
    }
  });

  it('uses the next marker when one would re-create the key, alone or with the text next to it', () => {
    assert.equal(redactSecret('a]b', ']'), 'a***b', '[redacted] holds the key');
    assert.equal(redactSecret('**[[', '*['), '*###[', 'the text around would complete the key with [redacted] and with ***');
  });

  describe('cutting to maxChars', () => {
    it('cuts the text after a marker at maxChars, and keeps a marker that straddles the cut whole', () => {
      assert.equal(redactSecret(`KEY${'x'.repeat(20)}`, 'KEY', 15), `${REDACTED}xxxxx…`);
      assert.equal(redactSecret('aKEYbbbb', 'KEY', 3), `a${REDACTED}…`);
    });

    it('adds the ellipsis when the marker made the result longer than maxChars, though all of the text was read', () => {
      assert.equal(redactSecret('KEYxx', 'KEY', 5), `${REDACTED}…`);
      assert.equal(redactSecret('KEYxx', 'KEY', 12), `${REDACTED}xx`);
    });

    it('shows nothing of a key that starts at or after the cut: only the ellipsis', () => {
      assert.equal(redactSecret(`${'x'.repeat(10)}KEY`, 'KEY', 10), `${'x'.repeat(10)}…`);
      const key = 'pge-unit-K3y-7f19c2e8';
      assert.equal(redactSecret(`${key}ab${key}`, key, key.length + 2), `${REDACTED}ab…`, 'also when a marker shortened the text before it');
    });

    it('never cuts a surrogate pair in two', () => {
      assert.equal(redactSecret('ab😀cd', 'KEY', 3), 'ab…');
      assert.equal(redactSecret('ab😀cd', 'KEY', 4), 'ab😀…');
      assert.equal(redactSecret('ab\u{10000}cd', 'KEY', 3), 'ab…', 'the lowest high surrogate, D800');
      assert.equal(redactSecret('ab\u{10FFFF}cd', 'KEY', 3), 'ab…', 'the highest high surrogate, DBFF');
      assert.equal(redactSecret('KEY😀😀😀', 'KEY', 11), `${REDACTED}…`, 'nor after a marker');
      assert.equal(redactSecret('KEY😀😀😀', 'KEY', 12), `${REDACTED}😀…`);
    });
  });

  it('body excerpts: a long key starting just before the cut is redacted whole, even among 3-byte characters', () => {
    const key = 'pge-unit-K3y-7f19c2e8';
    const body = Buffer.from(`${'€'.repeat(9)}${key}zzz`, 'utf8');
    assert.equal(redactBodyExcerpt(body, key, 10), `${'€'.repeat(9)}${REDACTED}…`);
  });

  it('redacts the forms only one URL part makes of the key (query, fragment, user info)', () => {
    for (const [key, url, redacted] of [
      ["k'\\z", "https://evil.example/cb?k=k'\\z", `https://evil.example/cb?k=${REDACTED}`],
      ["k`'\\z", "https://evil.example/cb#k`'\\z", `https://evil.example/cb#${REDACTED}`],
      ['k$;z', 'https://k$;z@evil.example/', `https://${REDACTED}@evil.example/`],
    ]) {
      const href = new URL(url).href;
      assert.notEqual(href, url, 'the URL serializer re-encoded the key');
      assert.equal(redactSecret(href, key), redacted, href);
    }
  });

  it('redacts base64 of a key made only of non-ASCII Latin-1 letters, as a header carries it', () => {
    const key = 'éàüß';
    assert.equal(redactSecret(`v=${Buffer.from(key, 'latin1').toString('base64')}`, key), `v=${REDACTED}`);
  });

  it('a key beyond Latin-1 has no Latin-1 byte form: the base64 of its truncated code units is not the key, and stays', () => {
    const key = '€uro-key';
    // Buffer.from(key, 'latin1') keeps only the low byte of '€' (U+20AC): bytes no header could carry for this key.
    const lossy = Buffer.from(key, 'latin1').toString('base64');
    assert.equal(redactSecret(`v=${lossy}`, key), `v=${lossy}`);
    assert.equal(redactSecret(`v=${Buffer.from(key, 'utf8').toString('base64')}`, key), `v=${REDACTED}`, 'its UTF-8 base64 is redacted');
  });

  it('a key mixing Latin-1 letters with characters beyond it has no Latin-1 byte form either', () => {
    const key = 'é€-key';
    const lossy = Buffer.from(key, 'latin1').toString('base64');
    assert.equal(redactSecret(`v=${lossy}`, key), `v=${lossy}`);
    assert.equal(redactSecret(`v=${Buffer.from(key, 'utf8').toString('base64')}`, key), `v=${REDACTED}`);
  });

  it('inside a longer base64 text: a key of 5 bytes (6 stable characters) is found; a shorter one is not guessed at', () => {
    assert.equal(redactSecret(`Basic ${Buffer.from('abck5x9Q@x').toString('base64')}`, 'k5x9Q'), `Basic YWJj${REDACTED}FAeA==`);
    const other = `Basic ${Buffer.from('abcwxyz:x').toString('base64')}`;
    assert.equal(redactSecret(other, 'wxyz'), other, 'five characters would match too much that is not the key');
  });

  it('property: for random keys and text around them, no output holds the key or an encoding of it, and excerpts stay bounded', () => {
    const keyArb = fc.oneof(
      fc.string({ minLength: 1, maxLength: 24 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
      fc.stringMatching(/^[A-Za-z0-9._~+/=-]{8,40}$/),
    );
    const textArb = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
    fc.assert(
      fc.property(
        keyArb,
        fc.array(fc.tuple(textArb, fc.nat(20)), { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
        (key, parts, maxChars) => {
          const encodings = encodingsOf(key);
          const text = parts.map(([around, which]) => `${around}${encodings[which % encodings.length]}`).join('');
          const out = redactSecret(text, key, maxChars);
          assertClean(out, key, 'redactSecret');
          if (maxChars !== undefined) {
            assert.ok(out.length <= maxChars + MAX_MARKER_CHARS, `length ${out.length} for maxChars ${maxChars}`);
          }
          const excerpt = redactBodyExcerpt(Buffer.from(text, 'utf8'), key, maxChars ?? 50);
          assertClean(excerpt ?? '', key, 'redactBodyExcerpt');
          assert.ok((excerpt ?? '').length <= (maxChars ?? 50) + MAX_MARKER_CHARS);
        },
      ),
      { numRuns: 500 },
    );
  });
});
