import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { whenHolds } from '../../harness/whenClause';

describe('whenHolds: the manifest\'s when clauses, as the editor reads them', () => {
  const context = {
    view: 'pageGateway.forms',
    viewItem: 'pageGateway.form +curl +item',
    'pageGateway.listViews': ['pageGateway.pageGroups', 'pageGateway.forms'],
    'pageGateway.hasApiKey': true,
    'pageGateway.gatewayCount': 2,
    'pageGateway.webhooksGroupBy': 'event',
  };

  it('reads keys, negation, && and || with the editor\'s precedence, and parentheses', () => {
    assert.equal(whenHolds('pageGateway.hasApiKey', context), true);
    assert.equal(whenHolds('!pageGateway.hasApiKey', context), false);
    assert.equal(whenHolds('pageGateway.missing || pageGateway.hasApiKey && view == pageGateway.forms', context), true);
    assert.equal(whenHolds('(pageGateway.missing || pageGateway.hasApiKey) && view == pageGateway.pageGroups', context), false);
  });

  it('compares with ==, !=, numbers, and regexes with their flags', () => {
    assert.equal(whenHolds('pageGateway.webhooksGroupBy != event', context), false);
    assert.equal(whenHolds('pageGateway.gatewayCount > 1', context), true);
    assert.equal(whenHolds('pageGateway.gatewayCount > 2', context), false);
    assert.equal(whenHolds('viewItem =~ /\\+item\\b/', context), true);
    assert.equal(whenHolds('viewItem =~ /\\+ITEM\\b/i', context), true);
    assert.equal(whenHolds('viewItem =~ /\\+export\\b/', context), false);
  });

  it('reads `in` and `not in` over an array context key', () => {
    assert.equal(whenHolds('view in pageGateway.listViews', context), true);
    assert.equal(whenHolds('view not in pageGateway.listViews', context), false);
    assert.equal(whenHolds('view in pageGateway.unset', context), false);
  });

  it('reads every when clause of package.json without an error', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
      contributes: { menus: Record<string, Array<{ when?: string }>>; keybindings: Array<{ when?: string }> };
    };
    const clauses = [...Object.values(manifest.contributes.menus).flat(), ...manifest.contributes.keybindings].map((entry) => entry.when);
    assert.ok(clauses.length > 50);
    for (const clause of clauses) {
      assert.doesNotThrow(() => whenHolds(clause, {}), clause);
    }
  });
});
