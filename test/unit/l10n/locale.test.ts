import { strict as assert } from 'node:assert';
import { locale, setLocale, supportedLocale } from '../../../src/l10n/locale';

describe('locale', () => {
  afterEach(() => setLocale('en'));

  it('is English until activation sets the editor language', () => {
    assert.equal(locale(), 'en');
  });

  it("takes the editor's language when Intl knows it", () => {
    setLocale('de');
    assert.equal(locale(), 'de');
    setLocale('zh-cn');
    assert.equal(locale(), 'zh-CN');
    assert.equal(supportedLocale('pt-br'), 'pt-BR');
  });

  it('formats in English for a language Intl does not know (the pseudo-locale) or a malformed tag', () => {
    assert.equal(supportedLocale('qps-ploc'), 'en');
    assert.equal(supportedLocale('not a tag'), 'en');
    assert.equal(supportedLocale(''), 'en');
  });
});
