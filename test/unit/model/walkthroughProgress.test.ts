import * as assert from 'node:assert/strict';
import { WALKTHROUGH_FACTS, WalkthroughProgress, type WalkthroughFact } from '../../../src/model/walkthroughProgress';

const published = (progress: WalkthroughProgress): WalkthroughFact[] => WALKTHROUGH_FACTS.filter((fact) => progress.published(fact));

describe('WalkthroughProgress', () => {
  it('publishes nothing until the editor watches, then everything that holds at once', () => {
    const progress = new WalkthroughProgress([]);
    assert.equal(progress.set('gatewayConfigured', true), false, 'not watched: nothing published changes');
    assert.equal(progress.set('searched', true), false);
    assert.deepEqual(published(progress), []);
    assert.equal(progress.watch(), true);
    assert.deepEqual(published(progress), ['gatewayConfigured', 'searched']);
    assert.equal(progress.watch(), false, 'watching twice changes nothing');
  });

  it('watching with nothing done publishes nothing new', () => {
    const progress = new WalkthroughProgress([]);
    assert.equal(progress.watch(), false);
    assert.equal(progress.set('keyStored', true), true, 'watched: a fact that turns true is published');
    assert.deepEqual(published(progress), ['keyStored']);
  });

  it('state facts follow the state; done-once facts stay done', () => {
    const progress = new WalkthroughProgress([]);
    progress.watch();
    progress.set('gatewayConfigured', true);
    progress.set('idCopied', true);
    assert.equal(progress.set('gatewayConfigured', false), true);
    assert.equal(progress.set('idCopied', false), false);
    assert.deepEqual(published(progress), ['idCopied']);
  });

  it('remembers what was done once, and only that, from earlier windows', () => {
    const progress = new WalkthroughProgress(['statusBrowsed', 'gatewayConfigured', 'nonsense', 42]);
    assert.deepEqual(progress.remembered(), ['statusBrowsed']);
    progress.set('searched', true);
    progress.set('keyStored', true);
    assert.deepEqual(progress.remembered(), ['statusBrowsed', 'searched']);
    progress.watch();
    assert.deepEqual(published(progress), ['keyStored', 'statusBrowsed', 'searched']);
  });
});
