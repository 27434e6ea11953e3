/**
 * What Search matches of a page group (its id, name, title, tenant and brand) and the matcher made of it by Search's
 * rules (textMatch.ts: case and accents ignored, a substring of one of those fields, or the id standing in the query as
 * a token). Search over any list and the agent's Find Page Groups use it alike. Pure.
 */
import type { PageGroup } from '../../../api/model';
import { fieldsMatcher, type PreparedQuery } from '../../../model/textMatch';

/** The fields Search matches, in this order (the page group kind's `searchText`). */
export function pageGroupSearchText(value: PageGroup): ReadonlyArray<string | undefined> {
  return [value.pageGroupId, value.name, value.title, value.tenantId, value.brandId];
}

const pageGroupIdOf = (value: PageGroup): string | undefined => value.pageGroupId;

export function pageGroupMatcher(query: PreparedQuery): (value: PageGroup) => boolean {
  return fieldsMatcher(query, pageGroupSearchText, pageGroupIdOf);
}
