/**
 * One copy per page of the values that repeat from page group to page group. `JSON.parse` gives every string of a
 * body its own copy (V8 shares only strings of up to 10 characters), so 100 page groups of one tenant hold 100 copies
 * of its tenant id, and 100 copies of each script URL and footer link they all carry. Kept for every page of a
 * Load All, that is most of the heap: the categorical fields (`tenantId`, `brandId`, `pageContext`, `status`) and the
 * strings inside `actions`, `footerLinks` and `scripts` elements (but their ids) are what repeat (configuration shared by many page
 * groups), while ids, names, titles and timestamps do not and are left alone. Sharing them page by page costs a
 * lookup per such string (what it saves is in docs/performance.md).
 *
 * Done where pages are kept (the page groups model), not in the client: a walk that only passes pages through pays
 * nothing for it (the client walk of the benchmark). A value is only ever replaced by an equal one (a string by the
 * same characters, an empty array by a frozen empty array), so nothing that reads an item sees a difference. Only
 * pages nobody else holds yet (fresh from the client) may be passed in. Pure, no I/O.
 */
import type { Checked } from './model';

/** Top-level fields whose values are categories (shared by many page groups), not identities. */
const CATEGORY_FIELDS = ['tenantId', 'brandId', 'pageContext', 'status'] as const;
/** Array fields whose elements are configuration that many page groups carry alike. */
const ELEMENT_FIELDS = ['actions', 'footerLinks', 'scripts'] as const;
/** Strings this short are shared by V8's JSON parser already. */
const SHARED_BY_PARSER = 10;
const EMPTY: readonly unknown[] = Object.freeze([]);

/** `page` with its page groups sharing one copy of each value that repeats in it (the same object, changed in place). */
export function sharePageValues<P extends { readonly items: readonly Checked<unknown>[] }>(page: P): P {
  const values = new PageValues();
  for (const item of page.items) {
    const raw = item.raw;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      values.shareIn(raw as Record<string, unknown>);
    }
  }
  return page;
}

export class PageValues {
  private readonly strings = new Map<string, string>();

  /** Replaces the repeating values of one page group (a parsed JSON object) by this page's copy of them. */
  public shareIn(item: Record<string, unknown>): void {
    for (const field of CATEGORY_FIELDS) {
      const value = item[field];
      if (typeof value === 'string' && value.length > SHARED_BY_PARSER) {
        item[field] = this.string(value);
      }
    }
    for (const field of ELEMENT_FIELDS) {
      const value = item[field];
      if (Array.isArray(value)) {
        item[field] = value.length === 0 ? EMPTY : this.elements(value);
      }
    }
  }

  /** The elements of an array field: strings, and the string values of objects (one level deep). */
  private elements(list: unknown[]): unknown[] {
    for (let i = 0; i < list.length; i++) {
      const element = list[i];
      if (typeof element === 'string') {
        list[i] = this.string(element);
      } else if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
        const record = element as Record<string, unknown>;
        for (const key in record) {
          const value = record[key];
          // A value under an id key (`actionId`) names one thing: it does not repeat, so it is not looked up.
          if (typeof value === 'string' && value.length > SHARED_BY_PARSER && !key.endsWith('Id')) { // l10n-ignore: a JSON key suffix, never shown
            record[key] = this.string(value);
          }
        }
      }
    }
    return list;
  }

  private string(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) {
      return known;
    }
    this.strings.set(value, value);
    return value;
  }
}
