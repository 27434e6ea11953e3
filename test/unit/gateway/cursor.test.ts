import assert from 'node:assert/strict';
import { CursorCodec } from '../../gateway/cursor';

describe('sample gateway cursors', () => {
  const codec = new CursorCodec();

  it('round-trips the position for the same filter and version', () => {
    for (const [position, status] of [[0, undefined], [20, undefined], [7, 'draft'], [3, 'a.b.c']] as const) {
      assert.deepEqual(codec.decode(codec.encode(position, status, 3), status, 3), { ok: true, position });
    }
  });

  it('is opaque: the text shows neither the position nor the status', () => {
    const cursor = codec.encode(40, 'published', 1);
    assert.doesNotMatch(cursor, /published/);
    assert.notEqual(cursor, '40');
    assert.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('rejects another status filter, an older version and another codec', () => {
    const cursor = codec.encode(5, 'draft', 2);
    assert.equal(codec.decode(cursor, 'published', 2).ok, false);
    assert.equal(codec.decode(cursor, undefined, 2).ok, false);
    assert.equal(codec.decode(codec.encode(5, undefined, 2), 'draft', 2).ok, false);
    const stale = codec.decode(cursor, 'draft', 3);
    assert.equal(stale.ok, false);
    assert.match(stale.ok ? '' : stale.reason, /stale/);
    assert.equal(new CursorCodec().decode(cursor, 'draft', 2).ok, false);
  });

  it('rejects every single-character change and garbage', () => {
    const cursor = codec.encode(12, undefined, 1);
    for (let i = 0; i < cursor.length; i++) {
      const replacement = cursor[i] === 'A' ? 'B' : 'A';
      const tampered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
      assert.equal(codec.decode(tampered, undefined, 1).ok, false, tampered);
    }
    for (const garbage of ['', '.', 'abc', 'a.b.c', `${cursor}.`, `${cursor}=`, cursor.split('.').reverse().join('.')]) {
      assert.equal(codec.decode(garbage, undefined, 1).ok, false, garbage);
    }
  });
});
