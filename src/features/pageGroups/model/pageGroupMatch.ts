/**
 * Whether a page group matches a query by Search's rules (textMatch.ts: case and accents ignored, a substring of the
 * id, name, title, tenant or brand, or the id standing in the query as a token), field by field, without a normalized
 * haystack per page group. Made once per query and then asked for many page groups: Search Page Groups and the
 * agent's Find Page Groups use it alike. Pure.
 */
import type { PageGroup } from '../../../api/model';
import { fieldTest, tokenTest, type PreparedQuery } from '../../../model/textMatch';

/** Distinct tenant and brand values whose answers are remembered per matcher (pages share these strings). */
const MAX_REMEMBERED = 1024;

export function pageGroupMatcher(query: PreparedQuery): (value: PageGroup) => boolean {
  if (query.text === '') {
    return () => true;
  }
  const test = fieldTest(query);
  const field = (text: string | undefined): boolean => text !== undefined && text !== '' && test(text);
  // Tenants and brands repeat across page groups: each distinct value is tested once.
  const remembered = new Map<string, boolean>();
  const shared = (text: string | undefined): boolean => {
    if (text === undefined || text === '') {
      return false;
    }
    const known = remembered.get(text);
    if (known !== undefined) {
      return known;
    }
    const answer = test(text);
    if (remembered.size < MAX_REMEMBERED) {
      remembered.set(text, answer);
    }
    return answer;
  };
  const standsIn = tokenTest(query.raw);
  return (value) => {
    const id = value.pageGroupId;
    return (
      field(id) ||
      field(value.name) ||
      field(value.title) ||
      shared(value.tenantId) ||
      shared(value.brandId) ||
      (id !== undefined && id.length >= 3 && standsIn(id))
    );
  };
}
