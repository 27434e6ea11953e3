// Items as command arguments: a row's ref, or the address a hover's command link carries.
import { strict as assert } from 'node:assert';
import { commandLink, itemAddress, itemOf } from '../../../src/model/itemArgs';
import { ResourceKinds } from '../../../src/model/resourceKinds';
import { fakeGateway, fakeKind, fakeRegistry, thing } from './fakeKinds';

describe('items as command arguments', () => {
  const staging = fakeGateway('staging');
  const prod = fakeGateway('prod');
  const registry = fakeRegistry([staging, prod]);
  const forms = fakeKind('form');
  const kinds = new ResourceKinds();
  kinds.add(forms);
  const loaded = thing('f_1', 'Contact');
  forms.byGateway.set('prod', [thing('f_0'), loaded]);

  it('an item with an id has an address: gateway name, kind id and id', () => {
    assert.deepEqual(itemAddress({ gateway: prod, kind: forms, item: loaded }), { gateway: 'prod', kind: 'form', id: 'f_1' });
    assert.equal(itemAddress({ gateway: prod, kind: forms, item: thing(undefined, 'no id') }), undefined);
  });

  it('a row argument is its ref, as it is', () => {
    const ref = { gateway: staging, kind: forms, item: thing(undefined, 'unlisted') };
    assert.equal(itemOf(registry, kinds, { ref, label: 'row' }), ref);
  });

  it('an address finds the loaded item on its gateway', () => {
    const ref = itemOf(registry, kinds, { gateway: 'prod', kind: 'form', id: 'f_1' });
    assert.equal(ref?.item, loaded);
    assert.equal(ref?.gateway, prod);
    assert.equal(ref?.kind, forms);
  });

  it('an address of an item, gateway or kind that is not there finds nothing', () => {
    assert.equal(itemOf(registry, kinds, { gateway: 'staging', kind: 'form', id: 'f_1' }), undefined, 'not loaded on that gateway');
    assert.equal(itemOf(registry, kinds, { gateway: 'gone', kind: 'form', id: 'f_1' }), undefined);
    assert.equal(itemOf(registry, kinds, { gateway: 'prod', kind: 'webhook', id: 'f_1' }), undefined);
    assert.equal(itemOf(registry, kinds, { gateway: 'prod', kind: 'form', id: 'f_9' }), undefined);
  });

  it('anything else is no item (and never throws)', () => {
    for (const arg of [undefined, null, 'f_1', 42, [], {}, { gateway: 'prod', kind: 'form' }, { gateway: 'prod', kind: 'form', id: 1 }, { gateway: 'prod', kind: 7, id: 'f_1' }, { gateway: 1, kind: 'form', id: 'f_1' }]) {
      assert.equal(itemOf(registry, kinds, arg), undefined, JSON.stringify(arg));
    }
  });

  it('a command link carries its arguments as JSON, with the characters that end a Markdown link encoded', () => {
    const link = commandLink('pageGateway.openJson', { gateway: 'g', kind: 'form', id: "a(b)c'd!e*f~g" });
    assert.ok(link.startsWith('command:pageGateway.openJson?'));
    const query = link.slice('command:pageGateway.openJson?'.length);
    assert.ok(!/[()'!*~]/.test(query), query);
    assert.deepEqual(JSON.parse(decodeURIComponent(query)), [{ gateway: 'g', kind: 'form', id: "a(b)c'd!e*f~g" }]);
    assert.ok(query.includes('%28') && query.includes('%29') && query.includes('%27') && query.includes('%21') && query.includes('%2A') && query.includes('%7E'));
    assert.equal(commandLink('x.y'), `command:x.y?${encodeURIComponent('[]')}`);
  });
});
