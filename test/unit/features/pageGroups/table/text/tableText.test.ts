import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { webviewStrings } from '../../../../../../src/features/pageGroups/table/text/tableText';
import { REPO_ROOT } from '../../../../../harness/paths';

const WEBVIEW_DIR = path.join(REPO_ROOT, 'src', 'features', 'pageGroups', 'table', 'webview');

/** Each key the webview's code asks `t` for by a literal, with the files that ask. */
function keysAsked(): Map<string, string[]> {
  const asked = new Map<string, string[]>();
  for (const file of fs.readdirSync(WEBVIEW_DIR).filter((name) => name.endsWith('.ts'))) {
    for (const match of fs.readFileSync(path.join(WEBVIEW_DIR, file), 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) {
      const key = match[1] as string;
      asked.set(key, [...(asked.get(key) ?? []), file]);
    }
  }
  return asked;
}

describe("Page Groups table: the host's words for the webview (webviewStrings)", () => {
  it('has a word for every key the webview asks for (a missing one would show the key itself)', () => {
    const strings = webviewStrings();
    const asked = keysAsked();
    assert.ok(asked.size > 40, `only ${asked.size} keys found in ${WEBVIEW_DIR}`);
    const missing = [...asked].filter(([key]) => !(key in strings)).map(([key, files]) => `${key} (${files.join(', ')})`);
    assert.deepEqual(missing, []);
  });

  it('sends the phrases that hold a number or a column name whole, with their placeholder', () => {
    const strings = webviewStrings();
    assert.equal(strings.atLeastCount, '≥ {0}');
    assert.equal(strings.emptyValue, '(empty "")');
    assert.equal(strings.stopLoading, 'Stop Loading ({0} loaded)');
    assert.equal(strings.showColumn, 'Show column {0}');
    assert.equal(strings.moveColumnLeft, 'Move column {0} left');
    assert.equal(strings.moveColumnRight, 'Move column {0} right');
    const asked = keysAsked();
    for (const key of ['atLeastCount', 'emptyValue', 'stopLoading', 'showColumn', 'moveColumnLeft', 'moveColumnRight']) {
      assert.ok(asked.has(key), `the webview uses ${key}`);
    }
    // The words these replace, which the webview joined to others, are gone.
    assert.equal(strings.show, undefined);
    assert.equal(strings.loading, undefined);
  });
});
