import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { readWebviewMessage } from '../../../../../../src/features/pageGroups/table/model/tableProtocol';

describe('Page Groups table: messages from the webview', () => {
  it('accepts the messages the table sends', () => {
    assert.deepEqual(readWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(readWebviewMessage({ type: 'loadAll', extra: 1 }), { type: 'loadAll' });
    assert.deepEqual(readWebviewMessage({ type: 'moreRows', start: 'x' }), { type: 'moreRows' });
    assert.deepEqual(readWebviewMessage({ type: 'sort', sort: [{ column: 'title', descending: true }] }), { type: 'sort', sort: [{ column: 'title', descending: true }] });
    assert.deepEqual(readWebviewMessage({ type: 'filter', filter: { statuses: ['draft'] } }), { type: 'filter', filter: { statuses: ['draft'] } });
    assert.deepEqual(readWebviewMessage({ type: 'action', action: 'copyId', generation: 2, rows: [0, 5] }), { type: 'action', action: 'copyId', generation: 2, rows: [0, 5] });
    assert.deepEqual(readWebviewMessage({ type: 'copyValues', column: 'tenantId', generation: 2, rows: [3], extra: 1 }), { type: 'copyValues', column: 'tenantId', generation: 2, rows: [3] });
    assert.deepEqual(readWebviewMessage({ type: 'copyRows', generation: 2, rows: [3, 1], columns: ['apiKey'] }), { type: 'copyRows', generation: 2, rows: [3, 1] });
    assert.deepEqual(readWebviewMessage({ type: 'export', generation: 0, rows: 'filtered' }), { type: 'export', generation: 0, rows: 'filtered' });
    assert.deepEqual(readWebviewMessage({ type: 'facetSearch', field: 'tenantId', query: 'zür' }), { type: 'facetSearch', field: 'tenantId', query: 'zür' });
    assert.equal(readWebviewMessage({ type: 'columns', order: ['title'], hidden: [], widths: { title: 100 } })?.type, 'columns');
    // How many columns are frozen: a whole number below the number of columns, else none.
    const frozen = (value: unknown): unknown => {
      const message = readWebviewMessage({ type: 'columns', order: [], hidden: [], widths: {}, frozen: value });
      return message?.type === 'columns' ? message.frozen : 'refused';
    };
    assert.deepEqual([frozen(2), frozen(0), frozen(undefined), frozen(-1), frozen(1.5), frozen('2'), frozen(1e9), frozen(Number.NaN)], [2, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('accepts the view state the webview computed (sort, filter, facet searches), each part read as the stored state is', () => {
    assert.deepEqual(readWebviewMessage({ type: 'viewState', sort: [{ column: 'title', descending: false }], filter: { query: 'café', statuses: ['draft'] }, facetSearch: { tenantId: 'zür' } }), {
      type: 'viewState',
      sort: [{ column: 'title', descending: false }],
      filter: { query: 'café', statuses: ['draft'] },
      facetSearch: { tenantId: 'zür' },
    });
    // Parts it does not know are dropped, not trusted: an unknown column, a facet field that is not one.
    assert.deepEqual(readWebviewMessage({ type: 'viewState', sort: [{ column: 'nope', descending: true }], filter: {}, facetSearch: { title: 'x' } }), { type: 'viewState', sort: [], filter: {}, facetSearch: {} });
    for (const bad of [{ type: 'viewState' }, { type: 'viewState', sort: {}, filter: {}, facetSearch: {} }, { type: 'viewState', sort: [], filter: null, facetSearch: {} }, { type: 'viewState', sort: [], filter: {}, facetSearch: 'x' }]) {
      assert.equal(readWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('refuses anything else: unknown types, actions and fields of the wrong type', () => {
    const bad: unknown[] = [
      undefined,
      null,
      42,
      'ready',
      [],
      { type: 'exec' },
      { type: 'action', action: 'delete', generation: 0, rows: [1] },
      { type: 'action', action: 'openJson', generation: '0', rows: [1] },
      { type: 'action', action: 'openJson', generation: 0, rows: [1.5] },
      { type: 'action', action: 'openJson', generation: 0, rows: [-1] },
      { type: 'action', action: 'openJson', generation: 0, rows: [] },
      { type: 'action', action: 'openJson', generation: 0, rows: '1' },
      { type: 'copyValues', column: 'secret', generation: 0, rows: [1] },
      { type: 'copyValues', column: 'tenantId', generation: 0, rows: [] },
      { type: 'copyValues', column: 'tenantId', generation: -0.5, rows: [1] },
      { type: 'copyValues', column: 'tenantId', generation: 0, rows: [Number.MAX_SAFE_INTEGER + 1] },
      { type: 'copyValues', generation: 0, rows: [1] },
      { type: 'copyRows', generation: 0, rows: [] },
      { type: 'copyRows', generation: '0', rows: [1] },
      { type: 'copyRows', generation: 0, rows: 'all' },
      { type: 'export', generation: 0, rows: 'all' },
      { type: 'sort', sort: { column: 'title' } },
      { type: 'filter', filter: null },
      { type: 'columns', order: [], hidden: [] },
      { type: 'facetSearch', field: 'title', query: 'x' },
      { type: 'facetSearch', field: 'tenantId', query: 3 },
      { type: 'facetSearch', field: 'tenantId', query: 'x'.repeat(1001) },
      { type: 'toString' },
      { type: '__proto__' },
    ];
    for (const message of bad) {
      assert.equal(readWebviewMessage(message), undefined, JSON.stringify(message));
    }
  });

  it('property: never throws, whatever arrives', () => {
    fc.assert(fc.property(fc.anything(), (value) => void readWebviewMessage(value)));
    fc.assert(fc.property(fc.record({ type: fc.constantFrom('ready', 'sort', 'filter', 'columns', 'action', 'copyValues', 'copyRows', 'export', 'loadAll', 'viewState'), column: fc.anything(), sort: fc.anything(), filter: fc.anything(), facetSearch: fc.anything(), rows: fc.anything(), generation: fc.anything(), action: fc.anything() }), (value) => void readWebviewMessage(value)));
  });
});
