import { strict as assert } from 'node:assert';
import { changeSection, fieldChangeLine, formatValue } from '../../../src/views/changePresentation';
import { withoutPassword } from '../../../src/text/urlText';

describe('change presentation', () => {
  it('one line per field, old → new, absent sides named', () => {
    assert.equal(fieldChangeLine({ field: 'active', before: true, after: false, hadBefore: true, hasAfter: true }), 'active: true → false');
    assert.equal(fieldChangeLine({ field: 'deletedAt', after: '2026-01-01T00:00Z', hadBefore: false, hasAfter: true }), 'deletedAt: (absent) → "2026-01-01T00:00Z"');
  });

  it('never shows a password inside a URL, and cuts long values', () => {
    assert.equal(formatValue('https://user:s3cret@hooks.example.com/a'), '"https://user:***@hooks.example.com/a"');
    assert.equal(formatValue({ url: 'https://u:p@h.example/' }), '{"url":"https://u:***@h.example/"}');
    const long = formatValue('x'.repeat(500));
    assert.equal([...long].length, 80);
    assert.ok(long.endsWith('…'));
  });

  it('tooltip sections for new, changed and removed; nothing for unmarked rows', () => {
    assert.equal(changeSection(undefined), '');
    assert.match(changeSection({ kind: 'new' }), /\*\*New\*\* since the last refresh/);
    assert.match(changeSection('removed'), /\*\*Removed\*\*.*until the next refresh/);
    const changed = changeSection({ kind: 'changed', fields: [{ field: 'url', before: 'https://a/x', after: 'https://b/x', hadBefore: true, hasAfter: true }] });
    assert.match(changed, /\*\*Changed\*\* since the last refresh/);
    // The colon of "://" is escaped: a bare URL from the server never becomes a link.
    assert.match(changed, /url: "https\\:\/\/a\/x" → "https\\:\/\/b\/x"/);
  });

  it('withoutPassword keeps user names and URLs without a password as they are', () => {
    assert.equal(withoutPassword('https://user:pw@h.example/x?y=1'), 'https://user:***@h.example/x?y=1');
    assert.equal(withoutPassword('https://user@h.example/x'), 'https://user@h.example/x');
    assert.equal(withoutPassword('https://h.example/x'), 'https://h.example/x');
    assert.equal(withoutPassword('weird://user:pw@[bad'), 'weird://user:***@[bad');
    assert.equal(withoutPassword('not a url'), 'not a url');
  });
});
