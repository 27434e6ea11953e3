// The id index behind the hover and Go to ID: every loaded item of every kind on every gateway, by id.
import { strict as assert } from 'node:assert';
import { IdIndex } from '../../../src/model/idIndex';
import { ResourceKinds } from '../../../src/model/resourceKinds';
import { fakeGateway, fakeKind, fakeRegistry, thing } from './fakeKinds';

describe('id index', () => {
  it('finds an id on every gateway and of every kind that has it, gateways in order', () => {
    const staging = fakeGateway('staging');
    const prod = fakeGateway('prod');
    const forms = fakeKind('form');
    const quotas = fakeKind('quota');
    const kinds = new ResourceKinds();
    kinds.add(forms);
    kinds.add(quotas);
    const onStaging = thing('x_1', 'staging form');
    const onProd = thing('x_1', 'prod form');
    const quota = thing('x_1', 'quota');
    forms.byGateway.set('staging', [onStaging, thing('x_2')]);
    forms.byGateway.set('prod', [onProd]);
    quotas.byGateway.set('prod', [quota, thing(undefined, 'no id')]);
    const index = new IdIndex(fakeRegistry([staging, prod]), kinds);
    assert.deepEqual(
      index.lookup('x_1').map((ref) => [ref.gateway.name, ref.kind.id, ref.kind.label(ref.item.value)]),
      [
        ['staging', 'form', 'staging form'],
        ['prod', 'form', 'prod form'],
        ['prod', 'quota', 'quota'],
      ],
    );
    assert.equal(index.lookup('x_2').length, 1);
    assert.deepEqual(index.lookup('x_3'), []);
    assert.deepEqual(index.lookup('undefined'), [], 'an item without an id is under no id');
  });

  it('answers from what was loaded when it was built until it is invalidated', () => {
    const forms = fakeKind('form');
    const kinds = new ResourceKinds();
    kinds.add(forms);
    forms.byGateway.set('staging', [thing('f_1')]);
    const index = new IdIndex(fakeRegistry([fakeGateway('staging')]), kinds);
    assert.equal(index.lookup('f_1').length, 1);
    forms.byGateway.set('staging', [thing('f_2')]);
    assert.equal(index.lookup('f_2').length, 0, 'stale until invalidated');
    index.invalidate();
    assert.equal(index.lookup('f_2').length, 1);
    assert.equal(index.lookup('f_1').length, 0);
  });
});
