// RFC 4180 quoting and the cells of raw server values.
import { strict as assert } from 'node:assert';
import { csvCell, csvField, csvRecord, ownField } from '../../../src/export/csv';

describe('CSV', () => {
  it('quotes a field only when it holds a comma, a double quote, CR or LF, doubling the quotes inside', () => {
    assert.equal(csvField('plain text'), 'plain text');
    assert.equal(csvField(' spaces kept '), ' spaces kept ');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('line\nbreak'), '"line\nbreak"');
    assert.equal(csvField('cr\rhere'), '"cr\rhere"');
    assert.equal(csvField('"'), '""""');
    assert.equal(csvField(''), '');
  });

  it('ends records with CRLF and writes a lone empty field as "" (an empty line is no record)', () => {
    assert.equal(csvRecord(['a', 'b,c', '']), 'a,"b,c",\r\n');
    assert.equal(csvRecord(['']), '""\r\n');
    assert.equal(csvRecord(['', '']), ',\r\n');
  });

  it('writes strings as they are, numbers and booleans as JSON does, arrays and objects as JSON text, null and missing empty', () => {
    assert.equal(csvCell('x'), 'x');
    assert.equal(csvCell(12.5), '12.5');
    assert.equal(csvCell(-0), '0');
    assert.equal(csvCell(true), 'true');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell([1, 'a', { b: null }]), '[1,"a",{"b":null}]');
    assert.equal(csvCell({ label: 'Privacy', href: 'https://x' }), '{"label":"Privacy","href":"https://x"}');
  });

  it('a string a spreadsheet would run as a formula gets a leading \' (unless raw cells are asked for); numbers never', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      assert.equal(csvCell(formula), `'${formula}`, JSON.stringify(formula));
      assert.equal(csvCell(formula, true), formula);
    }
    for (const text of ['a=1', ' =1', "'=1", '', '1-2', 'x@y']) {
      assert.equal(csvCell(text), text, JSON.stringify(text));
    }
    assert.equal(csvCell(-5), '-5');
  });

  it('reads only own fields: an object without `constructor` has no such cell, "__proto__" sent by the server is a field', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    assert.equal(ownField({}, 'constructor'), undefined);
    assert.equal(ownField({}, 'toString'), undefined);
    assert.deepEqual(ownField(parsed, '__proto__'), { x: 1 });
    assert.equal(ownField(parsed, 'a'), 2);
    assert.equal(ownField([1], '0'), undefined, 'an array item has no fields');
    assert.equal(ownField('text', 'length'), undefined);
  });
});
