import { strict as assert } from 'node:assert';
import { OpenTables } from '../../../../../src/features/pageGroups/table/openTables';
import type { TableProbe } from '../../../../../src/features/pageGroups/table/tableProbe';

/** A table of the gateway whose key is `key` (only what the registry reads of it). */
function tableOf(key: string): TableProbe {
  return { gateway: { key } } as unknown as TableProbe;
}

describe('Page Groups table: the open tables (the feature owns them)', () => {
  it('finds the table of a gateway, one per gateway, and lists every open one', () => {
    const tables = new OpenTables();
    const a = tableOf('a');
    const b = tableOf('b');
    tables.add(a);
    tables.add(b);
    assert.equal(tables.get('a'), a);
    assert.equal(tables.get('b'), b);
    assert.equal(tables.get('c'), undefined);
    assert.deepEqual(tables.all(), [a, b]);
    tables.remove(a);
    assert.equal(tables.get('a'), undefined);
    assert.deepEqual(tables.all(), [b]);
  });

  it('a table that closes late does not take out the newer table of its gateway', () => {
    const tables = new OpenTables();
    const old = tableOf('a');
    const newer = tableOf('a');
    tables.add(old);
    tables.add(newer);
    tables.remove(old);
    assert.equal(tables.get('a'), newer);
  });

  it('is no global: two registries (two activations) do not see each other', () => {
    const first = new OpenTables();
    const second = new OpenTables();
    first.add(tableOf('a'));
    assert.equal(second.get('a'), undefined);
    assert.deepEqual(second.all(), []);
  });
});
