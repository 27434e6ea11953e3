// The kinds of the features in use: found by id and by document folder; a kind added twice is a programming error.
import { strict as assert } from 'node:assert';
import { ResourceKinds } from '../../../src/model/resourceKinds';
import { fakeKind } from './fakeKinds';

describe('resource kinds', () => {
  it('finds a kind by its id and by its folder, in the order they were added', () => {
    const kinds = new ResourceKinds();
    const forms = fakeKind('form', { folder: 'forms' });
    const quotas = fakeKind('quota', { folder: 'quotas' });
    kinds.add(forms);
    kinds.add(quotas);
    assert.deepEqual(kinds.all(), [forms, quotas]);
    assert.equal(kinds.byId('quota'), quotas);
    assert.equal(kinds.byFolder('forms'), forms);
    assert.equal(kinds.byId('forms'), undefined, 'a folder is not an id');
    assert.equal(kinds.byFolder('form'), undefined, 'an id is not a folder');
  });

  it('refuses a second kind with the same id or the same folder', () => {
    const kinds = new ResourceKinds();
    kinds.add(fakeKind('form', { folder: 'forms' }));
    assert.throws(() => kinds.add(fakeKind('form', { folder: 'other' })), /form/);
    assert.throws(() => kinds.add(fakeKind('other', { folder: 'forms' })), /forms/);
    assert.equal(kinds.all().length, 1);
  });

  it('a removed kind is no longer found, and can be added again; removing an unknown kind changes nothing', () => {
    const kinds = new ResourceKinds();
    const forms = fakeKind('form');
    const quotas = fakeKind('quota');
    kinds.add(forms);
    kinds.add(quotas);
    kinds.remove(fakeKind('form'));
    assert.deepEqual(kinds.all(), [forms, quotas]);
    kinds.remove(forms);
    assert.deepEqual(kinds.all(), [quotas]);
    assert.equal(kinds.byId('form'), undefined);
    kinds.add(forms);
    assert.deepEqual(kinds.all(), [quotas, forms]);
  });
});
