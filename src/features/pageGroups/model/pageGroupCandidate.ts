/** What Search Page Groups matches a page group on. Pure. */
import type { CheckedPageGroup } from '../../../api/model';
import { haystackOf } from '../../../model/textMatch';

export interface PageGroupCandidate {
  readonly item: CheckedPageGroup;
  readonly id: string | undefined;
  /** Its id, name, title, tenant and brand, normalized (see textMatch.ts). */
  readonly haystack: string;
}

/** `item` as a search candidate, or undefined when a page group with its id already is one (`seen` then gets the id). */
export function pageGroupCandidate(item: CheckedPageGroup, seen: Set<string>): PageGroupCandidate | undefined {
  const v = item.value;
  const id = v.pageGroupId;
  if (id !== undefined) {
    if (seen.has(id)) {
      return undefined;
    }
    seen.add(id);
  }
  return { item, id, haystack: haystackOf([id, v.name, v.title, v.tenantId, v.brandId]) };
}
