/**
 * Whether a page group matches a query, by Search's rules (textMatch.ts: case and accents ignored, a substring of the
 * id, name, title, tenant or brand, or the id standing in the query as a token), field by field and without building
 * a normalized haystack per page group: an ASCII query is tested against an ASCII field with one case-insensitive
 * regular expression (the same answer as lower-casing both); other fields are normalized as Search does. Pure.
 */
import type { PageGroup } from '../../api/model';
import { containsToken, normalizeText, type PreparedQuery } from '../../model/textMatch';

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function pageGroupMatcher(query: PreparedQuery): (value: PageGroup) => boolean {
  if (query.text === '') {
    return () => true;
  }
  const pattern = NON_ASCII.test(query.text) ? undefined : new RegExp(escapeRegExp(query.text), 'i');
  const field = (text: string | undefined): boolean => {
    if (text === undefined || text === '') {
      return false;
    }
    if (pattern !== undefined && !NON_ASCII.test(text)) {
      return pattern.test(text);
    }
    return normalizeText(text).includes(query.text);
  };
  return (value) => {
    const id = value.pageGroupId;
    return (
      field(id) ||
      field(value.name) ||
      field(value.title) ||
      field(value.tenantId) ||
      field(value.brandId) ||
      (id !== undefined && id.length >= 3 && containsToken(query.raw, id))
    );
  };
}
