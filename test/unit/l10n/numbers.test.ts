import { strict as assert } from 'node:assert';
import { setLocale } from '../../../src/l10n/locale';
import { formatBytes, formatMinutes, formatNumber, formatSeconds } from '../../../src/l10n/numbers';

describe('numbers', () => {
  afterEach(() => setLocale('en'));

  it('groups digits as the language writes them', () => {
    assert.equal(formatNumber(3_000_000), '3,000,000');
    assert.equal(formatNumber(0.15), '0.15');
    setLocale('de');
    assert.equal(formatNumber(3_000_000), '3.000.000');
    assert.equal(formatNumber(0.15), '0,15');
    setLocale('fr');
    assert.equal(formatNumber(10_000), '10\u202f000');
  });

  it('names seconds and minutes in the language, singular and plural', () => {
    assert.equal(formatSeconds(1), '1 second');
    assert.equal(formatSeconds(30), '30 seconds');
    assert.equal(formatSeconds(0.15), '0.15 seconds');
    assert.equal(formatMinutes(10), '10 minutes');
    setLocale('de');
    assert.equal(formatSeconds(30), '30 Sekunden');
    assert.equal(formatMinutes(1), '1 Minute');
  });

  it('writes sizes in binary units, bytes with their name', () => {
    assert.equal(formatBytes(500), '500 bytes');
    assert.equal(formatBytes(256 * 1024), '256 KiB');
    assert.equal(formatBytes(1.5 * 1024 * 1024), '1.5 MiB');
    setLocale('de');
    assert.equal(formatBytes(1.5 * 1024 * 1024), '1,5 MiB');
    assert.equal(formatBytes(500), '500 Byte');
  });
});
