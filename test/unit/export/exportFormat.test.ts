// The format of a file name, and suggested file names.
import { strict as assert } from 'node:assert';
import { exportFileName, formatOfFileName } from '../../../src/export/exportFormat';

describe('export formats', () => {
  it('tell the format from the extension, any case', () => {
    assert.equal(formatOfFileName('/tmp/a.json'), 'json');
    assert.equal(formatOfFileName('/tmp/a.NDJSON'), 'ndjson');
    assert.equal(formatOfFileName('a.jsonl'), 'ndjson');
    assert.equal(formatOfFileName('C:\\out\\b.csv'), 'csv');
    assert.equal(formatOfFileName('/tmp/a.txt'), undefined);
    assert.equal(formatOfFileName('/tmp/csv'), undefined);
    assert.equal(formatOfFileName('/tmp.csv/file'), undefined);
  });

  it('suggest file names made of safe characters', () => {
    assert.equal(exportFileName(['page-groups', 'published'], 'csv'), 'page-groups-published.csv');
    assert.equal(exportFileName(['webhook-subscriptions', 'staging'], 'ndjson'), 'webhook-subscriptions-staging.ndjson');
    assert.equal(exportFileName(['page-groups', 'in review/../x', 'prod:8080'], 'json'), 'page-groups-in-review-x-prod-8080.json');
    assert.equal(exportFileName(['page-groups', 'Café\u202E'], 'json'), 'page-groups-Cafe.json');
    assert.equal(exportFileName(['', '///'], 'csv'), 'export.csv');
  });
});
