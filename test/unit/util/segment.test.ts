import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeSegment, encodeSegment, hasLoneSurrogate } from '../../../src/util/segment';

/** What an encoded segment may hold: unreserved characters, %XX escapes, and ~uXXXX for a lone surrogate. */
const ENCODED = /^(?:[A-Za-z0-9\-_.!*'()]|%[0-9A-F]{2}|~u[0-9A-F]{4})*$/;

/** Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit never makes half a pair). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** Characters that meet the escaping rules: surrogates, the escape character itself, hex digits, % and friends. */
const tricky = fc.constantFrom('~', 'u', 'U', '0', '7', 'D', 'E', 'a', 'F', '%', '/', '?', '#', ' ', '\ud800', '\udbff', '\udc00', '\udfff', '😀', 'é');

function roundTrips(s: string): void {
  const encoded = encodeSegment(s);
  assert.equal(decodeSegment(encoded), s, `${JSON.stringify(s)} → ${encoded}`);
}

describe('encodeSegment / decodeSegment', () => {
  it('percent-encodes like encodeURIComponent, so addresses stay readable', () => {
    assert.equal(encodeSegment('pg_000001'), 'pg_000001');
    assert.equal(encodeSegment('prod eu'), 'prod%20eu');
    assert.equal(encodeSegment('a/b?c#d%e'), 'a%2Fb%3Fc%23d%25e');
    assert.equal(encodeSegment('Zürich'), 'Z%C3%BCrich');
    assert.equal(encodeSegment('😀'), '%F0%9F%98%80');
    assert.equal(encodeSegment(''), '');
  });

  it('property: where encodeURIComponent works and there is no ~, the result is exactly its result', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('a', 'Z', '9', '-', '_', '.', '!', '*', "'", '(', ')'), tricky) }), (s) => {
        fc.pre(!s.includes('~') && !hasLoneSurrogate(s));
        assert.equal(encodeSegment(s), encodeURIComponent(s));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on a lone surrogate: it becomes ~uXXXX, and ~ itself is escaped', () => {
    assert.throws(() => encodeURIComponent('\ud800'), URIError, 'the reason this module exists');
    assert.equal(encodeSegment('\ud800'), '~uD800');
    assert.equal(encodeSegment('\udc00'), '~uDC00');
    assert.equal(encodeSegment('\udc00\ud800'), '~uDC00~uD800', 'low then high is two lone surrogates, not a pair');
    assert.equal(encodeSegment('a\ud83db'), 'a~uD83Db');
    assert.equal(encodeSegment('\ud83d\ud83d\ude00'), '~uD83D%F0%9F%98%80', 'the second high surrogate pairs with the low one');
    assert.equal(encodeSegment('~'), '%7E');
    assert.equal(encodeSegment('~u1234'), '%7Eu1234', 'text that looks like an escape is not one');
    assert.equal(encodeSegment('~uD800\ud800'), '%7EuD800~uD800');
  });

  it('round-trips the hard cases', () => {
    for (const s of ['', '\ud800', '\udc00', '\udc00\ud800', '\ud800\udc00', '~u1234', '~uD800', '~', '~~', '%', '%7E', '%u1234', 'a~ud800b', '\ud800~', '~\udfff', '\u0000', '😀\ud800😀']) {
      roundTrips(s);
    }
  });

  it('property: decode(encode(s)) === s for any code units, lone surrogates included', () => {
    fc.assert(fc.property(fc.string({ unit: codeUnit }), (s) => roundTrips(s)), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: tricky, maxLength: 12 }), (s) => roundTrips(s)), { numRuns: 1000 });
  });

  it("property: decode(encode(s)) === s for fast-check's binary and full unicode strings", () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => roundTrips(s)), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => roundTrips(s)), { numRuns: 500 });
  });

  it('property: the output never throws and holds no raw / ? # % ~ space or non-ASCII, only escapes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: codeUnit }), fc.string({ unit: tricky }), fc.string({ unit: 'binary' })), (s) => {
        const encoded = encodeSegment(s);
        assert.match(encoded, ENCODED, `${JSON.stringify(s)} → ${encoded}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('decodeSegment is undefined for a malformed percent escape', () => {
    for (const bad of ['%', '%2', 'a%zz', '%E0%A4%A', '%C3', '%FF', '%ED%A0%80', 'ok~uD800%']) {
      assert.equal(decodeSegment(bad), undefined, bad);
    }
  });

  it('decodeSegment reads escapes in either case of hex digit', () => {
    assert.equal(decodeSegment('~ud800'), '\ud800');
    assert.equal(decodeSegment('%c3%bc'), 'ü');
    assert.equal(decodeSegment('prod%20eu'), 'prod eu');
  });
});

describe('hasLoneSurrogate', () => {
  it('finds a high or low surrogate without its partner, anywhere', () => {
    assert.equal(hasLoneSurrogate(''), false);
    assert.equal(hasLoneSurrogate('plain'), false);
    assert.equal(hasLoneSurrogate('😀'), false);
    assert.equal(hasLoneSurrogate('\ud83d\ude00\ud83d\ude00'), false);
    assert.equal(hasLoneSurrogate('\ud800'), true);
    assert.equal(hasLoneSurrogate('\udc00'), true);
    assert.equal(hasLoneSurrogate('ab\ud800'), true);
    assert.equal(hasLoneSurrogate('\udc00ab'), true);
    assert.equal(hasLoneSurrogate('\ude00\ud83d'), true, 'a pair in the wrong order');
    assert.equal(hasLoneSurrogate('~uD800'), false, 'an escape is plain text');
  });

  it('gives the same answer when asked again (the global pattern keeps no state between calls)', () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal(hasLoneSurrogate('xx\ud800'), true);
      assert.equal(hasLoneSurrogate('\ud800'), true);
      assert.equal(hasLoneSurrogate('ok'), false);
    }
  });

  it('property: true exactly when the text cannot be written as UTF-8 (encodeURIComponent throws)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: codeUnit }), fc.string({ unit: tricky, maxLength: 6 })), (s) => {
        let throws = false;
        try {
          encodeURIComponent(s);
        } catch {
          throws = true;
        }
        assert.equal(hasLoneSurrogate(s), throws, JSON.stringify(s));
      }),
      { numRuns: 1000 },
    );
  });
});
