/** What Search Page Groups lists: each page group once per id. Pure. */
import type { CheckedPageGroup } from '../../../api/model';

export interface PageGroupCandidate {
  readonly item: CheckedPageGroup;
  readonly id: string | undefined;
}

/**
 * `item` as a search candidate, or undefined when a page group with its id already is one (`seen` then gets the id).
 * A candidate is matched field by field (pageGroupMatch.ts): nothing is normalized or kept for it ahead of a query.
 */
export function pageGroupCandidate(item: CheckedPageGroup, seen: Set<string>): PageGroupCandidate | undefined {
  const id = item.value.pageGroupId;
  if (id !== undefined) {
    if (seen.has(id)) {
      return undefined;
    }
    seen.add(id);
  }
  return { item, id };
}
