// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA attributes and message types
/**
 * One facet of the filters' panel (status, tenant, brand, pageContext): its values with their counts ("≥ 12" while the
 * gateway is not fully loaded: cellText.ts's `facetCount`), each a checkbox of the filter, and above 200 values a
 * search box that narrows the list (the host matches as Search does). Up and Down walk from the search box through the
 * values.
 */
import { NO_VALUE, type PageGroupFilter } from '../../model/pageGroupFilter';
import type { Facet } from '../model/tableProtocol';
import type { TableState } from '../model/tableState';
import { facetCount, facetLabel, formatNumber } from './cellText';
import { el } from './dom';
import { t, table } from './tableData';
import { markInput } from './timingMarks';
import { setFacetSearch, setFilter } from './viewRequests';

/** The filter's value for "no status" (a page group without one). */
const NO_STATUS = '\u0000no-status';
/** The filter's field of each facet. */
const FACET_FIELDS: Readonly<Record<string, keyof PageGroupFilter>> = { status: 'statuses', tenantId: 'tenantIds', brandId: 'brandIds', pageContext: 'pageContexts' };

/** Each facet's search box, kept across redraws (what is typed stays while the host answers). */
const facetSearchBoxes = new Map<string, HTMLInputElement>();

function facetSearchBox(facet: Facet, title: string, list: HTMLElement, summary: HTMLElement): HTMLInputElement {
  let box = facetSearchBoxes.get(facet.field);
  if (!box) {
    const created = el('input', 'facet-search');
    created.type = 'search';
    created.dataset.focusKey = `search:${facet.field}`;
    created.value = table.state?.facetSearch[facet.field as keyof TableState['facetSearch']] ?? '';
    created.addEventListener('input', () => setFacetSearch(facet.field, created.value));
    created.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') {
        // Down from the search box walks into the value list.
        event.preventDefault();
        (created.parentElement?.querySelector('.facet-values input') as HTMLElement | null)?.focus();
      } else if (event.key === 'Escape' && created.value !== '') {
        event.preventDefault();
        event.stopPropagation();
        created.value = '';
        setFacetSearch(facet.field, '');
      }
    });
    facetSearchBoxes.set(facet.field, created);
    box = created;
  }
  box.placeholder = t('facetSearch', title);
  box.setAttribute('aria-label', t('facetSearch', title));
  list.id = `facet-values-${facet.field}`;
  summary.id = `facet-summary-${facet.field}`;
  box.setAttribute('aria-controls', list.id);
  box.setAttribute('aria-describedby', summary.id);
  return box;
}

/** One value of a facet as drawn: its list item, its count's text and its checkbox. */
interface DrawnValue {
  readonly item: HTMLElement;
  readonly count: HTMLElement;
  readonly box: HTMLInputElement;
}

/** A facet's section as drawn, with what a new view may change in place: its values, their counts and checks. */
interface DrawnFacet {
  /** What else it shows (the summary, how many more, the search): a change draws a new section. */
  readonly shape: string;
  readonly section: HTMLElement;
  readonly list: HTMLElement;
  /** Each value's item, by `valueKey`: kept while the value is listed. */
  readonly values: Map<string, DrawnValue>;
}

const drawnFacets = new Map<string, DrawnFacet>();

/** A facet value's key among its section's items (a value may be null: no value). */
function valueKey(value: string | null): string {
  return value === null ? '\u0000' : `=${value}`;
}

/**
 * The section of `facet`: the one drawn before, updated in place, when it differs only in its values, their order,
 * counts and checks (what a keystroke changes): a value's item is kept while the value is listed, moved when the
 * order changes, made when new, removed when gone. Otherwise a new section. Rebuilding the values on every keystroke
 * had the browser style and lay out the whole panel again.
 */
export function facetSectionFor(facet: Facet, filter: PageGroupFilter, exact: boolean): HTMLElement {
  const shape = JSON.stringify([facet.more, facet.distinct, facet.searchable, facet.query ?? null, facetSearchBoxes.get(facet.field)?.value ?? '']);
  let drawn = drawnFacets.get(facet.field);
  if (drawn?.shape !== shape) {
    drawn = facetSection(facet, shape);
    drawnFacets.set(facet.field, drawn);
  }
  const chosen = new Set(filter[FACET_FIELDS[facet.field] as 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts'] ?? []);
  const { list, values } = drawn;
  // A value moved while it has the focus loses it: given back below, so walking the values by keyboard goes on.
  const focused = document.activeElement instanceof HTMLElement && list.contains(document.activeElement) ? document.activeElement : undefined;
  const listed = new Set<string>();
  facet.values.forEach(([value, count], i) => {
    const key = valueKey(value);
    listed.add(key);
    let entry = values.get(key);
    if (!entry) {
      entry = valueItem(facet.field, value, list);
      values.set(key, entry);
    }
    const text = facetCount(count, exact);
    if (entry.count.textContent !== text) {
      entry.count.textContent = text;
    }
    const filterValue = value === null ? (facet.field === 'status' ? NO_STATUS : undefined) : value;
    entry.box.checked = filterValue !== undefined && chosen.has(filterValue);
    const at = list.children[i];
    if (at !== entry.item) {
      list.insertBefore(entry.item, at ?? null);
    }
  });
  for (const [key, entry] of values) {
    if (!listed.has(key)) {
      entry.item.remove();
      values.delete(key);
    }
  }
  if (focused?.isConnected && document.activeElement !== focused) {
    focused.focus();
  }
  return drawn.section;
}

/** A new section for `facet` (its heading, search box and summary, its list: filled by facetSectionFor). */
function facetSection(facet: Facet, shape: string): DrawnFacet {
  const section = el('section', 'facet');
  section.dataset.field = facet.field;
  const title = table.columns.find((c) => c.id === facet.field)?.label ?? facet.field;
  const heading = el('h3', '', title);
  heading.id = `facet-title-${facet.field}`;
  section.append(heading);
  const list = el('ul', 'facet-values');
  list.setAttribute('aria-labelledby', heading.id);
  const box = facetSearchBoxes.get(facet.field);
  if (facet.searchable || facet.query !== undefined || (box !== undefined && box.value !== '')) {
    // Above 200 values, a search box narrows the list (the host matches as Search does: case and accents ignored).
    const summary = el('div', 'facet-summary');
    summary.setAttribute('role', 'status');
    const searchBox = facetSearchBox(facet, title, list, summary);
    const listed = facet.values.length;
    summary.textContent = facet.query === undefined ? t('facetValues', formatNumber(facet.distinct)) : t('facetMatches', formatNumber(listed + facet.more), formatNumber(facet.distinct));
    section.append(searchBox, summary);
  }
  section.append(list);
  if (facet.more > 0) {
    section.append(el('div', 'more', t('moreValues', formatNumber(facet.more))));
  }
  return { shape, section, list, values: new Map() };
}

/** The item of one value of facet `field` (a checkbox of the filter, its label and count), for the section's `list`. */
function valueItem(field: string, value: string | null, list: HTMLElement): DrawnValue {
  const key = FACET_FIELDS[field] as 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts';
  const filterValue = value === null ? (field === 'status' ? NO_STATUS : NO_VALUE) : value;
  const item = el('li');
  const label = el('label');
  const box = el('input');
  box.type = 'checkbox';
  box.dataset.focusKey = `value:${field}:${value === null ? '\u0000' : value}`;
  box.addEventListener('keydown', (event) => {
    // Up and down walk the value list; up from the first value goes back to the facet's search box.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') {
      return;
    }
    event.preventDefault();
    const boxes = Array.from(list.querySelectorAll<HTMLInputElement>('input'));
    const at = boxes.indexOf(box);
    const next = event.key === 'ArrowDown' ? boxes[at + 1] : at === 0 ? facetSearchBoxes.get(field) : boxes[at - 1];
    next?.focus();
  });
  box.addEventListener('change', (event) => {
    // The filter in force when clicked (the item outlives the view it was drawn for: facetSectionFor).
    const filter = table.state?.filter;
    if (filter === undefined) {
      return;
    }
    markInput(event);
    const next = new Set(filter[key] ?? []);
    if (box.checked) {
      next.add(filterValue);
    } else {
      next.delete(filterValue);
    }
    const rest: PageGroupFilter = { ...filter };
    delete (rest as Record<string, unknown>)[key];
    setFilter(next.size === 0 ? rest : { ...rest, [key]: [...next] });
  });
  const count = el('span', 'facet-count');
  label.append(box, el('span', 'facet-value', facetLabel(field, value)), count);
  item.append(label);
  return { item, count, box };
}
