/**
 * The columns of a CSV export: every field of the contract, in the contract's order (so exports of the same resource
 * always start with the same columns), then every other top-level key of the items, in the order first seen. Pure.
 */

/** `fields` first, then the other own keys of the object items, first seen first. */
export function chooseColumns(fields: readonly string[], items: Iterable<unknown>): string[] {
  const columns = [...fields];
  const seen = new Set(fields);
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      continue;
    }
    for (const key of Object.keys(item)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  return columns;
}
