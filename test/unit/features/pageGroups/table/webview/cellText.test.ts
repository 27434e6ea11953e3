import { strict as assert } from 'node:assert';
import { webviewStrings } from '../../../../../../src/features/pageGroups/table/text/tableText';
import { columnChoiceLabels, facetCount, facetLabel, loadButtonText, useLocale } from '../../../../../../src/features/pageGroups/table/webview/cellText';
import { table } from '../../../../../../src/features/pageGroups/table/webview/tableData';

describe('Page Groups table webview: phrases with a number or a name are whole phrases of the host', () => {
  let before: Record<string, string>;

  beforeEach(() => {
    before = table.strings;
    table.strings = webviewStrings();
    useLocale('en');
  });

  afterEach(() => {
    table.strings = before;
    useLocale('en');
  });

  it('a facet count: the number alone when exact, "≥ n" while the counts are lower bounds', () => {
    assert.equal(facetCount(1234, true), '1,234');
    assert.equal(facetCount(1234, false), '≥ 1,234');
    useLocale('de');
    assert.equal(facetCount(1234, false), '≥ 1.234', 'the number in the editor\'s locale');
  });

  it('an empty tenant, brand or page context reads as a marker, as the empty status does; no value is "(none)"', () => {
    assert.equal(facetLabel('tenantId', ''), '(empty "")');
    assert.equal(facetLabel('brandId', ''), '(empty "")');
    assert.equal(facetLabel('pageContext', ''), '(empty "")');
    assert.equal(facetLabel('status', ''), '(empty status "")');
    assert.equal(facetLabel('tenantId', null), '(none)');
    assert.equal(facetLabel('status', null), '(no status)');
    assert.equal(facetLabel('tenantId', 'tnt_acme'), 'tnt_acme');
  });

  it('the Load All button: "Load All", and while it loads one phrase with the number loaded', () => {
    assert.equal(loadButtonText(false, 20), 'Load All');
    assert.equal(loadButtonText(true, 12345), 'Stop Loading (12,345 loaded)');
  });

  it("the columns menu's controls name their column inside one phrase", () => {
    assert.deepEqual(columnChoiceLabels('Tenant'), { show: 'Show column Tenant', moveLeft: 'Move column Tenant left', moveRight: 'Move column Tenant right' });
  });

  it('a translation puts the number or the name where its language wants it, with its own punctuation', () => {
    table.strings = { ...table.strings, atLeastCount: 'mindestens {0}', emptyValue: '(leer)', stopLoading: '{0} geladen – Laden abbrechen', showColumn: 'Spalte „{0}“ anzeigen', moveColumnLeft: '„{0}“ nach links', moveColumnRight: '„{0}“ nach rechts' };
    useLocale('de');
    assert.equal(facetCount(5000, false), 'mindestens 5.000');
    assert.equal(facetCount(5000, true), '5.000');
    assert.equal(facetLabel('brandId', ''), '(leer)');
    assert.equal(loadButtonText(true, 5000), '5.000 geladen – Laden abbrechen');
    assert.deepEqual(columnChoiceLabels('Mandant'), { show: 'Spalte „Mandant“ anzeigen', moveLeft: '„Mandant“ nach links', moveRight: '„Mandant“ nach rechts' });
  });
});
