import { strict as assert } from 'node:assert';
import type { ViewMessage } from '../../../../../../src/features/pageGroups/table/model/tableProtocol';
import { clearSelection, selectAllShown, selected, selectOnly, viewShown } from '../../../../../../src/features/pageGroups/table/webview/cursor';
import { rowAt, shownCount, table } from '../../../../../../src/features/pageGroups/table/webview/tableData';

/** A view of `order` (reversed row indexes); `head`: only its first `head` positions, as a first screen sends it. */
function view(total: number, head?: number): ViewMessage {
  const order = Int32Array.from({ length: total }, (_, i) => total - 1 - i);
  return {
    type: 'view',
    generation: 1,
    order: head === undefined ? order : order.slice(0, head),
    total,
    facets: [],
    ...(head === undefined ? {} : { counting: true as const, shown: total }),
    exact: true,
    sort: [],
    filter: {},
    computeMs: 0,
    receivedAt: 0,
    postedAt: 0,
  };
}

function show(message: ViewMessage): void {
  table.view = message;
  viewShown();
}

describe('Page Groups table webview: a first screen with only the head of its order', () => {
  beforeEach(() => {
    table.generation = 1;
    clearSelection();
  });

  after(() => {
    table.view = undefined;
    clearSelection();
  });

  it('counts every row the view lets through; the rows past its head are not known until the whole order comes', () => {
    show(view(600, 200));
    assert.equal(shownCount(), 600, 'the scroll height and "600 shown" from the first paint');
    assert.equal(rowAt(0), 599);
    assert.equal(rowAt(199), 400);
    assert.equal(rowAt(200), undefined, 'not drawn yet');
    show(view(600));
    assert.equal(shownCount(), 600);
    assert.equal(rowAt(599), 0);
  });

  it('Ctrl+A while only the head is known selects every row once the whole order comes', () => {
    show(view(600, 200));
    selectAllShown();
    assert.equal(selected.size, 200, 'the rows known now');
    show(view(600));
    assert.equal(selected.size, 600, 'then all of them');
  });

  it('a selection changed before the whole order comes drops the pending Ctrl+A', () => {
    show(view(600, 200));
    selectAllShown();
    selectOnly(3);
    show(view(600));
    assert.deepEqual([...selected], [596]);
    show(view(600, 200));
    selectAllShown();
    clearSelection();
    show(view(600));
    assert.equal(selected.size, 0);
  });

  it('Ctrl+A on a whole view selects it at once and leaves nothing pending', () => {
    show(view(50));
    selectAllShown();
    assert.equal(selected.size, 50);
    selectOnly(0);
    show(view(50));
    assert.deepEqual([...selected], [49], 'a later view selects nothing more');
  });
});
