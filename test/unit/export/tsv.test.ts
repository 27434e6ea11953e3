import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { tsvField, tsvText } from '../../../src/export/tsv';

/** Reads tab-separated text back as a spreadsheet's paste does (quoted fields may hold tabs, quotes and line breaks). */
function readTsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        assert.ok(quote >= 0, 'a quoted field is closed');
        field += text.slice(at, quote);
        at = quote + 1;
        if (text[at] === '"') {
          field += '"';
          at += 1;
        } else {
          break;
        }
      }
    } else {
      const end = text.slice(at).search(/[\t\n]/);
      field = end < 0 ? text.slice(at) : text.slice(at, at + end);
      at = end < 0 ? text.length : at + end;
    }
    fields.push(field);
    const separator = text[at];
    at += 1;
    if (separator === '\n') {
      records.push(fields);
      fields = [];
    } else {
      assert.equal(separator, '\t', `a field ends with a tab or a line feed, at ${at - 1}`);
    }
  }
  assert.deepEqual(fields, [], 'the last record ends with a line feed');
  return records;
}

describe('tab-separated text for the clipboard', () => {
  it('quotes a field only when a tab, a quote or a line break would split it', () => {
    assert.equal(tsvField('tnt_acme'), 'tnt_acme');
    assert.equal(tsvField('a, b'), 'a, b');
    assert.equal(tsvField('a\tb'), '"a\tb"');
    assert.equal(tsvField('say "hi"'), '"say ""hi"""');
    assert.equal(tsvField('two\nlines'), '"two\nlines"');
    assert.equal(tsvField('cr\r'), '"cr\r"');
    assert.equal(tsvText([['Title', 'Pages'], ['Checkout', '3'], ['', '']]), 'Title\tPages\nCheckout\t3\n\t\n');
  });

  it('reads back as the records it was made of', () => {
    const field = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', '"', '\t', '\n', '\r\n', '""', 'a"b', '"a'));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(field, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 })), (records) => {
        assert.deepEqual(readTsv(tsvText(records)), records);
      }),
      { numRuns: 500 },
    );
  });
});
