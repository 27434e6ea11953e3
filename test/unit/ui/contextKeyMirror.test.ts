import { strict as assert } from 'node:assert';
import { ContextKeyMirror } from '../../../src/ui/contextKeyMirror';

describe('ContextKeyMirror', () => {
  function mirror(): { readonly keys: ContextKeyMirror; readonly sent: Array<[string, unknown]> } {
    const sent: Array<[string, unknown]> = [];
    return { keys: new ContextKeyMirror((key, value) => sent.push([key, value])), sent };
  }

  it('sends a key the first time, and again only when its value changed', () => {
    const { keys, sent } = mirror();
    keys.set('pageGateway.filtered', false);
    keys.set('pageGateway.filtered', false);
    keys.set('pageGateway.filtered', true);
    keys.set('pageGateway.other', false);
    assert.deepEqual(sent, [['pageGateway.filtered', false], ['pageGateway.filtered', true], ['pageGateway.other', false]]);
    assert.equal(keys.get('pageGateway.filtered'), true);
  });

  it('an array with the same items in the same order is not sent again (the editor would redraw the menus naming it)', () => {
    const { keys, sent } = mirror();
    keys.set('pageGateway.listViews', ['pageGateway.pageGroups', 'pageGateway.webhooks']);
    keys.set('pageGateway.listViews', ['pageGateway.pageGroups', 'pageGateway.webhooks']);
    assert.equal(sent.length, 1);
    keys.set('pageGateway.listViews', ['pageGateway.webhooks', 'pageGateway.pageGroups']);
    keys.set('pageGateway.listViews', ['pageGateway.webhooks']);
    assert.equal(sent.length, 3);
  });

  it('keeps what was sent, not the caller’s array changed afterwards', () => {
    const { keys, sent } = mirror();
    const views = ['pageGateway.pageGroups'];
    keys.set('pageGateway.listViews', views);
    views.push('pageGateway.webhooks');
    keys.set('pageGateway.listViews', views);
    assert.equal(sent.length, 2, 'the changed array is sent');
    assert.deepEqual(keys.get('pageGateway.listViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks']);
  });

  it('undefined is a value: a key set to undefined is sent once', () => {
    const { keys, sent } = mirror();
    keys.set('pageGateway.itemDocument', undefined);
    keys.set('pageGateway.itemDocument', undefined);
    assert.equal(sent.length, 1);
    assert.equal(keys.get('pageGateway.never'), undefined);
  });
});
