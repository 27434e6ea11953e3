import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseBaseUrl } from '../../../src/api/baseUrl';
import {
  GATEWAY_COLORS,
  MAX_NAME_LENGTH,
  hostName,
  keyScope,
  keySlots,
  namedKeyScope,
  nameProblem,
  ownsLegacyKey,
  parseGateways,
  sameName,
  type GatewayConfigProblem,
  type GatewayEntry,
  type GatewaySpec,
  type ValidBaseUrl,
} from '../../../src/gateway/gatewayConfig';

function base(url: string): ValidBaseUrl {
  const result = parseBaseUrl(url);
  assert.ok(result.ok, `test setup: ${url} should be a valid base URL`);
  return result;
}

function specs(entries: readonly GatewayEntry[]): GatewaySpec[] {
  return entries.flatMap((entry) => (entry.ok ? [entry.spec] : []));
}

/** Each entry in order as `name → href` or `#index: problem kind`, for readable comparisons. */
function summary(entries: readonly GatewayEntry[]): string[] {
  return entries.map((entry) => {
    if (entry.ok) {
      return `${entry.spec.name} → ${entry.spec.base.href}`;
    }
    const where = entry.source.kind === 'legacy' ? 'legacy' : `#${entry.source.index}`;
    return `${where}: ${entry.problem.kind}`;
  });
}

function problemOf(entry: GatewayEntry | undefined): GatewayConfigProblem {
  assert.ok(entry !== undefined && !entry.ok, `expected an invalid entry, got ${JSON.stringify(entry)}`);
  return entry.problem;
}

describe('parseGateways', () => {
  it('keeps the order of the list, with name, normalized base, color and index', () => {
    const entries = parseGateways(
      [
        { name: 'staging', baseUrl: 'https://staging.example.com/', color: 'charts.green' },
        { name: 'production', baseUrl: 'https://api.example.com/gw' },
      ],
      '',
    );
    assert.deepEqual(entries, [
      { ok: true, spec: { name: 'staging', base: base('https://staging.example.com'), color: 'charts.green', source: { kind: 'list', index: 0 } } },
      { ok: true, spec: { name: 'production', base: base('https://api.example.com/gw'), source: { kind: 'list', index: 1 } } },
    ]);
  });

  it('nothing configured is no gateway; a list that is not an array counts as empty', () => {
    assert.deepEqual(parseGateways([], ''), []);
    assert.deepEqual(parseGateways(undefined, '   '), []);
    assert.deepEqual(parseGateways({ name: 'x', baseUrl: 'https://x.example' }, ''), []);
    assert.deepEqual(parseGateways('https://x.example', ''), []);
  });

  it('trims names; keeps every color of the list and ignores an unknown one', () => {
    for (const color of GATEWAY_COLORS) {
      const [entry] = parseGateways([{ name: 'a', baseUrl: 'https://a.example', color }], '');
      assert.ok(entry.ok);
      assert.equal(entry.spec.color, color);
    }
    const entries = parseGateways(
      [
        { name: '  spaced  ', baseUrl: 'https://a.example', color: 'red' },
        { name: 'b', baseUrl: 'https://b.example', color: 42 },
      ],
      '',
    );
    assert.deepEqual(summary(entries), ['spaced → https://a.example', 'b → https://b.example']);
    for (const spec of specs(entries)) {
      assert.equal('color' in spec, false, `${spec.name} has no color`);
    }
  });

  describe('the older pageGateway.baseUrl', () => {
    it('comes first, named by its host', () => {
      const entries = parseGateways([{ name: 'staging', baseUrl: 'https://staging.example.com' }], ' https://api.example.com/ ');
      assert.deepEqual(summary(entries), ['api.example.com → https://api.example.com', 'staging → https://staging.example.com']);
      assert.deepEqual(entries[0], { ok: true, spec: { name: 'api.example.com', base: base('https://api.example.com'), source: { kind: 'legacy' } } });
    });

    it('alone is one gateway', () => {
      assert.deepEqual(summary(parseGateways([], 'http://localhost:8080')), ['localhost:8080 → http://localhost:8080']);
    });

    it('is left out when the list has the same URL, whatever the trailing slash or the case of scheme and host', () => {
      for (const legacy of ['https://api.example.com', 'https://api.example.com/', 'HTTPS://API.Example.COM', 'https://api.example.com:443//']) {
        const entries = parseGateways([{ name: 'production', baseUrl: 'https://api.example.com' }], legacy);
        assert.deepEqual(summary(entries), ['production → https://api.example.com'], legacy);
      }
      const entries = parseGateways([{ name: 'gw', baseUrl: 'https://API.example.com/Gw/' }], 'https://api.example.com/Gw');
      assert.deepEqual(summary(entries), ['gw → https://api.example.com/Gw']);
    });

    it('is kept when only the path differs (a path keeps its case)', () => {
      const entries = parseGateways([{ name: 'gw', baseUrl: 'https://api.example.com/gw' }], 'https://api.example.com/GW');
      assert.deepEqual(summary(entries), ['api.example.com GW → https://api.example.com/GW', 'gw → https://api.example.com/gw']);
    });

    it('is kept when the listed entry with its URL is itself invalid', () => {
      const entries = parseGateways(
        [
          { name: 'a', baseUrl: 'https://a.example' },
          { name: 'A', baseUrl: 'https://api.example.com' },
        ],
        'https://api.example.com',
      );
      assert.deepEqual(summary(entries), ['api.example.com → https://api.example.com', 'a → https://a.example', '#1: duplicateName']);
    });

    it('colliding with a listed name gets " (2)", then " (3)" (names ignore case)', () => {
      const once = parseGateways([{ name: 'API.example.com', baseUrl: 'https://other.example' }], 'https://api.example.com');
      assert.deepEqual(summary(once), ['api.example.com (2) → https://api.example.com', 'API.example.com → https://other.example']);
      const twice = parseGateways(
        [
          { name: 'api.example.com', baseUrl: 'https://one.example' },
          { name: 'api.example.com (2)', baseUrl: 'https://two.example' },
        ],
        'https://api.example.com',
      );
      assert.equal(specs(twice)[0].name, 'api.example.com (3)');
      assert.equal(new Set(specs(twice).map((s) => s.name.toLowerCase())).size, 3);
    });

    it('that is not a valid URL is an invalid entry that names the setting', () => {
      const entries = parseGateways([{ name: 'a', baseUrl: 'https://a.example' }], 'api.example.com');
      assert.deepEqual(summary(entries), ['legacy: badUrl', 'a → https://a.example']);
      const problem = problemOf(entries[0]);
      assert.equal(problem.kind, 'badUrl');
      assert.equal(problem.kind === 'badUrl' && problem.name, 'pageGateway.baseUrl');
      assert.equal(problem.kind === 'badUrl' && problem.url, 'api.example.com');
      assert.deepEqual(entries[0].ok ? undefined : entries[0].source, { kind: 'legacy' });
    });
  });

  describe('invalid entries', () => {
    it('an element that is not an object is notObject', () => {
      const entries = parseGateways(['https://a.example', null, 7, ['a', 'https://a.example'], true], '');
      assert.deepEqual(summary(entries), ['#0: notObject', '#1: notObject', '#2: notObject', '#3: notObject', '#4: notObject']);
    });

    it('an entry without a usable name is noName', () => {
      const entries = parseGateways(
        [{ baseUrl: 'https://a.example' }, { name: '', baseUrl: 'https://b.example' }, { name: '   ', baseUrl: 'https://c.example' }, { name: 5, baseUrl: 'https://d.example' }],
        '',
      );
      assert.deepEqual(summary(entries), ['#0: noName', '#1: noName', '#2: noName', '#3: noName']);
    });

    it('a name with / \\ @ # ? or a control character is badName, and says which name', () => {
      for (const name of ['a/b', 'a\\b', 'me@prod', 'no#1', 'why?', 'tab\there', 'new\nline', 'nul\u0000', 'del\u007f', 'esc\u001b']) {
        const [entry] = parseGateways([{ name, baseUrl: 'https://a.example' }], '');
        assert.deepEqual(problemOf(entry), { kind: 'badName', name }, JSON.stringify(name));
      }
    });

    it('a name longer than MAX_NAME_LENGTH is badName; exactly that long is fine', () => {
      const longest = 'n'.repeat(MAX_NAME_LENGTH);
      assert.deepEqual(summary(parseGateways([{ name: longest, baseUrl: 'https://a.example' }], '')), [`${longest} → https://a.example`]);
      const [entry] = parseGateways([{ name: `${longest}x`, baseUrl: 'https://a.example' }], '');
      assert.equal(problemOf(entry).kind, 'badName');
    });

    it('a name used again (ignoring case) is duplicateName on the later entry only', () => {
      const entries = parseGateways(
        [
          { name: 'Staging', baseUrl: 'https://a.example' },
          { name: 'staging', baseUrl: 'https://b.example' },
          { name: ' STAGING ', baseUrl: 'https://c.example' },
        ],
        '',
      );
      assert.deepEqual(summary(entries), ['Staging → https://a.example', '#1: duplicateName', '#2: duplicateName']);
      assert.deepEqual(problemOf(entries[1]), { kind: 'duplicateName', name: 'staging' });
      assert.deepEqual(problemOf(entries[2]), { kind: 'duplicateName', name: 'STAGING' });
    });

    it('a name belongs to the first entry that has it, even when that entry is broken by its URL', () => {
      // Otherwise fixing the first entry's URL would make the working second one disappear.
      const entries = parseGateways(
        [
          { name: 'staging', baseUrl: 'staging.example.com' },
          { name: 'staging', baseUrl: 'https://staging.example.com' },
        ],
        '',
      );
      assert.deepEqual(summary(entries), ['#0: badUrl', '#1: duplicateName']);
    });

    it('a URL used again (after normalizing) under another name is a gateway of its own (a second key or tenant)', () => {
      const entries = parseGateways(
        [
          { name: 'first', baseUrl: 'https://api.example.com/gw' },
          { name: 'second', baseUrl: 'HTTPS://API.EXAMPLE.COM/gw/' },
          { name: 'third', baseUrl: 'https://api.example.com:443/gw' },
        ],
        '',
      );
      assert.deepEqual(summary(entries), ['first → https://api.example.com/gw', 'second → https://api.example.com/gw', 'third → https://api.example.com/gw']);
    });

    it('the older baseUrl stays hidden when the list has its URL (it was moved there)', () => {
      const entries = parseGateways([{ name: 'a', baseUrl: 'https://api.example.com' }, { name: 'b', baseUrl: 'https://api.example.com' }], 'https://api.example.com');
      assert.deepEqual(summary(entries), ['a → https://api.example.com', 'b → https://api.example.com']);
    });

    it('a URL that parseBaseUrl refuses is badUrl with its reason', () => {
      for (const url of ['', 'api.example.com', 'ftp://a.example', 'https://a.example/?q=1', 'https://user:pw@a.example']) {
        const [entry] = parseGateways([{ name: 'a', baseUrl: url }], '');
        const problem = problemOf(entry);
        const refused = parseBaseUrl(url);
        assert.ok(!refused.ok);
        assert.deepEqual(problem, { kind: 'badUrl', name: 'a', url, failure: refused }, url);
      }
      const [missing] = parseGateways([{ name: 'a' }], '');
      assert.equal(problemOf(missing).kind, 'badUrl');
    });

    it('never remove a valid entry: each keeps its own index and the valid ones stay', () => {
      const entries = parseGateways(
        [
          null,
          { name: 'a', baseUrl: 'https://a.example' },
          { name: 'b/c', baseUrl: 'https://b.example' },
          { baseUrl: 'https://c.example' },
          { name: 'b', baseUrl: 'https://b.example' },
          { name: 'd', baseUrl: 'nonsense' },
          { name: 'c', baseUrl: 'https://c.example' },
        ],
        '',
      );
      assert.deepEqual(summary(entries), ['#0: notObject', 'a → https://a.example', '#2: badName', '#3: noName', 'b → https://b.example', '#5: badUrl', 'c → https://c.example']);
      assert.deepEqual(
        specs(entries).map((s) => s.source),
        [1, 4, 6].map((index) => ({ kind: 'list', index })),
      );
    });
  });

  describe('property', () => {
    const names = fc.constantFrom('staging', 'Staging', 'prod', 'PROD', ' prod ', 'api.example.com', 'api.example.com (2)', 'a/b', 'x:y', '', 'tab\t');
    const urls = fc.constantFrom(
      'https://api.example.com',
      'https://API.example.com/',
      'https://api.example.com/gw',
      'http://localhost:8080',
      'http://LOCALHOST:8080//',
      'https://staging.example.com',
      'staging.example.com',
      'https://a.example/?x=1',
      '',
    );
    const element = fc.oneof(
      { weight: 6, arbitrary: fc.record({ name: names, baseUrl: urls, color: fc.constantFrom('charts.red', 'pink') }, { requiredKeys: ['name', 'baseUrl'] }) },
      { weight: 1, arbitrary: fc.record({ baseUrl: urls }) },
      { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 2 })) },
    );
    const legacy = fc.oneof(urls, fc.constant(''));

    it('valid gateways have unique names (ignoring case); each element gives exactly one entry', () => {
      fc.assert(
        fc.property(fc.array(element, { maxLength: 8 }), legacy, (list, legacyBaseUrl) => {
          const entries = parseGateways(list, legacyBaseUrl);
          const valid = specs(entries);
          assert.equal(new Set(valid.map((s) => s.name.toLocaleLowerCase('en'))).size, valid.length, 'names unique');
          const slots = keySlots(valid);
          assert.equal(new Set(slots.map((slot) => slot.scope)).size, valid.length, 'each gateway its own key slot');
          const sources = entries.map((entry) => (entry.ok ? entry.spec.source : entry.source));
          const listed = sources.filter((source) => source.kind === 'list');
          assert.deepEqual(
            listed,
            list.map((_, index) => ({ kind: 'list', index })),
            'one entry per element, in order',
          );
          const legacyCount = sources.length - listed.length;
          assert.ok(legacyCount <= 1, 'at most one legacy entry');
          if (legacyCount === 1) {
            assert.equal(sources[0].kind, 'legacy', 'the legacy entry comes first');
          }
          if (legacyBaseUrl.trim() === '') {
            assert.equal(legacyCount, 0);
          }
          for (const spec of valid) {
            // The older baseUrl's name is made from its host, which may be longer than a typed name may be.
            const problem = nameProblem(spec.name);
            assert.ok(problem === undefined || (spec.source.kind === 'legacy' && problem === 'tooLong'), `${JSON.stringify(spec.name)}: ${problem}`);
          }
        }),
        { numRuns: 500 },
      );
    });

    it('elements that are not objects, or have no or a bad name, change nothing about the others', () => {
      const junk = fc.oneof(fc.constant(null), fc.constant(3), fc.record({ baseUrl: urls }), fc.record({ name: fc.constantFrom('a/b', '?', ''), baseUrl: urls }));
      fc.assert(
        fc.property(fc.array(element, { maxLength: 6 }), fc.array(fc.tuple(fc.nat(), junk), { maxLength: 3 }), legacy, (list, insertions, legacyBaseUrl) => {
          const withJunk: unknown[] = [...list];
          for (const [at, item] of insertions) {
            withJunk.splice(at % (withJunk.length + 1), 0, item);
          }
          const strip = (entries: GatewayEntry[]): Array<[string, string, string | undefined]> =>
            specs(entries).map((s) => [s.name, s.base.href, s.color]);
          assert.deepEqual(strip(parseGateways(withJunk, legacyBaseUrl)), strip(parseGateways(list, legacyBaseUrl)));
        }),
        { numRuns: 300 },
      );
    });
  });
});

describe('nameProblem', () => {
  it('tells empty, too long and forbidden characters apart, after trimming', () => {
    assert.equal(nameProblem('staging'), undefined);
    assert.equal(nameProblem('  prod eu – Zürich  '), undefined);
    assert.equal(nameProblem('本番 (2)'), undefined);
    assert.equal(nameProblem(''), 'empty');
    assert.equal(nameProblem(' \t '), 'empty');
    assert.equal(nameProblem('x'.repeat(MAX_NAME_LENGTH)), undefined);
    assert.equal(nameProblem(`  ${'x'.repeat(MAX_NAME_LENGTH)}  `), undefined, 'surrounding spaces do not count');
    assert.equal(nameProblem('x'.repeat(MAX_NAME_LENGTH + 1)), 'tooLong');
    for (const c of ['/', '\\', '@', '#', '?', '\u0000', '\u0001', '\u001f', '\u007f', '\n']) {
      assert.equal(nameProblem(`a${c}b`), 'forbiddenCharacter', JSON.stringify(c));
    }
    for (const c of ['-', '_', '.', '(', ')', ' ', '%', '~', '&', '+', '!', 'é', '\u00a0']) {
      assert.equal(nameProblem(`a${c}b`), undefined, JSON.stringify(c));
    }
  });

  it('property: a name is refused exactly when it holds one of / \\ @ # ? or a C0/DEL control character (a colon is allowed: host:port)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 10 }), (s) => {
        const name = `n${s}n`;
        const expected = [...name].some((c) => '/\\@#?'.includes(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
        assert.equal(nameProblem(name) === 'forbiddenCharacter', expected);
      }),
    );
  });
});

describe('sameName', () => {
  it('ignores case, not other differences', () => {
    assert.equal(sameName('Staging', 'staging'), true);
    assert.equal(sameName('PROD EU', 'prod eu'), true);
    assert.equal(sameName('ZÜRICH', 'zürich'), true);
    assert.equal(sameName('staging', 'staging '), false);
    assert.equal(sameName('prod', 'prod2'), false);
  });
});

describe('hostName', () => {
  it('is host[:port], then the path with / turned into spaces', () => {
    assert.equal(hostName(base('https://api.example.com')), 'api.example.com');
    assert.equal(hostName(base('https://API.Example.com/')), 'api.example.com');
    assert.equal(hostName(base('http://localhost:8080')), 'localhost:8080');
    assert.equal(hostName(base('https://h.example:443')), 'h.example', 'default port left out');
    assert.equal(hostName(base('https://h.example/gw')), 'h.example gw');
    assert.equal(hostName(base('https://h.example:8443/gw/v1/')), 'h.example:8443 gw v1');
    assert.equal(hostName(base('http://[::1]:3000/x')), '[::1]:3000 x');
  });

  it('property: always a usable gateway name part (no forbidden character, not empty)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), (url) => {
        const parsed = parseBaseUrl(url);
        fc.pre(parsed.ok);
        if (!parsed.ok) {
          return;
        }
        const name = hostName(parsed);
        assert.notEqual(name.trim(), '');
        // eslint-disable-next-line no-control-regex
        assert.doesNotMatch(name, /[/\\@#?\u0000-\u001f\u007f]/);
      }),
      { numRuns: 200 },
    );
  });
});

describe('keyScope', () => {
  it('is the normalized base URL: origin and path prefix', () => {
    assert.equal(keyScope(base('https://API.example.com/gw/')), 'https://api.example.com/gw');
    assert.equal(keyScope(base('https://api.example.com/')), 'https://api.example.com');
    assert.notEqual(keyScope(base('https://api.example.com/a')), keyScope(base('https://api.example.com/b')));
    assert.equal(keyScope(base('https://h.example/gw')), keyScope(base('HTTPS://H.EXAMPLE:443/gw//')));
  });
});

describe('keySlots (where each gateway keeps its key)', () => {
  const gw = (name: string, url: string): { name: string; base: ValidBaseUrl } => ({ name, base: base(url) });

  it('a gateway alone at its URL keeps its key under the URL, as every earlier version did (a rename keeps it)', () => {
    assert.deepEqual(keySlots([gw('staging', 'https://a.example'), gw('prod', 'https://b.example/gw')]), [
      { scope: 'https://a.example', formerScopes: ['https://a.example#staging'] },
      { scope: 'https://b.example/gw', formerScopes: ['https://b.example/gw#prod'] },
    ]);
  });

  it('gateways sharing a URL keep theirs under URL and name; only the first takes over the key stored under the URL', () => {
    assert.deepEqual(keySlots([gw('Tenant-A', 'https://a.example'), gw('other', 'https://b.example'), gw('tenant-b', 'https://A.example/')]), [
      { scope: 'https://a.example#tenant-a', formerScopes: ['https://a.example'] },
      { scope: 'https://b.example', formerScopes: ['https://b.example#other'] },
      { scope: 'https://a.example#tenant-b', formerScopes: [] },
    ]);
    assert.equal(namedKeyScope(base('https://a.example'), ' Tenant-A '), 'https://a.example#tenant-a', 'case and spaces around are ignored, as names compare');
  });
});

describe('ownsLegacyKey (0.1 stored one key per origin)', () => {
  const root = base('https://h.example');
  const gw = base('https://h.example/gw');
  const other = base('https://h.example/other');
  const elsewhere = base('https://e.example/x');

  it('never for a gateway at its origin: the key name did not change', () => {
    assert.equal(ownsLegacyKey(root.href, [root], ''), false);
    assert.equal(ownsLegacyKey(root.href, [root], root.href), false);
    assert.equal(ownsLegacyKey(root.href, [root, gw], 'https://h.example/'), false);
  });

  it('when the older baseUrl is on the same origin: only the gateway at exactly that URL', () => {
    assert.equal(ownsLegacyKey(gw.href, [gw, other], 'https://h.example/gw'), true);
    assert.equal(ownsLegacyKey(other.href, [gw, other], 'https://h.example/gw'), false);
    assert.equal(ownsLegacyKey(gw.href, [gw], 'HTTPS://H.EXAMPLE/gw/'), true, 'the older setting is normalized too');
    assert.equal(ownsLegacyKey(gw.href, [gw], 'https://h.example/other'), false, 'even as the only gateway there');
    assert.equal(ownsLegacyKey(gw.href, [gw], 'https://h.example'), false, 'the key belonged to the origin itself');
  });

  it('otherwise: the only gateway on that origin', () => {
    assert.equal(ownsLegacyKey(gw.href, [gw, elsewhere], ''), true);
    assert.equal(ownsLegacyKey(gw.href, [gw, elsewhere], 'https://e.example/x'), true, 'older baseUrl on another origin');
    assert.equal(ownsLegacyKey(gw.href, [gw], 'not a url'), true, 'an invalid older baseUrl is ignored');
    assert.equal(ownsLegacyKey(gw.href, [gw, other], ''), false, 'two gateways on the origin: nobody takes it');
    assert.equal(ownsLegacyKey(gw.href, [root, gw], ''), false, 'the gateway at the origin keeps it');
    assert.equal(ownsLegacyKey(elsewhere.href, [gw, other, elsewhere], ''), true);
    assert.equal(ownsLegacyKey('http://h.example/gw', [base('http://h.example/gw'), gw], ''), true, 'http and https are two origins');
  });
});
