// Which list a generic command acts on (src/commands/listTarget.ts): the row's, else the one the user was in when it
// is in sight, else the only one in sight, else ask.
import { strict as assert } from 'node:assert';
import { resolveList, rowArgument, type ListCandidate } from '../../../src/commands/listTarget';
import type { TreeNode } from '../../../src/views/gatewayTree';

function list(viewId: string, prefix: string, visible: boolean): ListCandidate {
  return { viewId, view: { visible }, owns: (node) => node.id.startsWith(`${prefix}/`) };
}

const row = (id: string): TreeNode => ({ kind: 'item', id });

describe('listTarget', () => {
  const pages = list('v.pages', 'pages', true);
  const hooks = list('v.hooks', 'hooks', true);
  const forms = list('v.forms', 'forms', false);
  const all = [pages, hooks, forms];

  it('a row: the list that owns it, in sight or not, whichever view was used last', () => {
    assert.deepEqual(resolveList(all, row('hooks/gw/a/1'), 'v.pages'), { list: hooks });
    assert.deepEqual(resolveList(all, row('forms/gw/b'), 'v.pages'), { list: forms });
  });

  it('no row (or a row no list owns): the view used last while it is in sight', () => {
    assert.deepEqual(resolveList(all, undefined, 'v.hooks'), { list: hooks });
    assert.deepEqual(resolveList(all, row('inbox/delivery/1'), 'v.pages'), { list: pages });
  });

  it('the view used last is out of sight: the only view in sight', () => {
    assert.deepEqual(resolveList([pages, list('v.hooks', 'hooks', false), forms], undefined, 'v.forms'), { list: pages });
  });

  it('several in sight and none used: ask among those in sight; none in sight: ask among all', () => {
    assert.deepEqual(resolveList(all, undefined, undefined), { ask: [pages, hooks] });
    assert.deepEqual(resolveList(all, undefined, 'v.forms'), { ask: [pages, hooks] });
    const hidden = [list('a', 'a', false), list('b', 'b', false)];
    assert.deepEqual(resolveList(hidden, undefined, undefined), { ask: hidden });
  });

  it('one list, in sight or not: that one; no list: nothing to ask', () => {
    assert.deepEqual(resolveList([forms], undefined, undefined), { list: forms });
    assert.deepEqual(resolveList([], undefined, undefined), { ask: [] });
  });

  it('takes as a row only an object with a kind and an id', () => {
    assert.equal(rowArgument(undefined), undefined);
    assert.equal(rowArgument({ gateway: {} }), undefined);
    assert.equal(rowArgument({ selectionOf: 'focusedView' }), undefined);
    assert.equal(rowArgument({ kind: 'status', id: 3 }), undefined);
    const node = row('x/1');
    assert.equal(rowArgument(node), node);
  });
});
