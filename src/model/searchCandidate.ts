/** Which items Search lists: each id once per gateway (the first item that has it), and every item without an id. Pure. */

/**
 * Whether an item with this id is a Search candidate: true the first time an id is seen (`seen` then holds it), and
 * for every item without an id. Nothing is normalized or kept for a candidate ahead of a query: it is matched field by
 * field (textMatch.ts `fieldsMatcher`).
 */
export function firstOfId(id: string | undefined, seen: Set<string>): boolean {
  if (id === undefined) {
    return true;
  }
  if (seen.has(id)) {
    return false;
  }
  seen.add(id);
  return true;
}
