// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA attributes and message types
/**
 * One facet of the filters' panel (status, tenant, brand, pageContext): its values with their counts ("≥" while the
 * gateway is not fully loaded), each a checkbox of the filter, and above 200 values a search box that narrows the
 * list (the host matches as Search does). Up and Down walk from the search box through the values.
 */
import type { PageGroupFilter } from '../../model/pageGroupFilter';
import type { Facet } from '../model/tableProtocol';
import type { TableState } from '../model/tableState';
import { facetLabel, formatNumber } from './cellText';
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

/** A facet's section as drawn, with what a new view may change in place: its counts and checks. */
interface DrawnFacet {
  /** What else it shows (values listed, their order, the summary, exactness): a change draws a new section. */
  readonly shape: string;
  readonly section: HTMLElement;
  readonly counts: readonly HTMLElement[];
  readonly boxes: readonly HTMLInputElement[];
}

const drawnFacets = new Map<string, DrawnFacet>();

function countLabel(count: number, exact: boolean): string {
  return `${exact ? '' : '≥ '}${formatNumber(count)}`;
}

/**
 * The section of `facet`: the one drawn before, its counts and checks updated, when it lists the same values in the
 * same order (a keystroke mostly changes counts); otherwise a new one. Rebuilding hundreds of values on every
 * keystroke was most of the repaint.
 */
export function facetSectionFor(facet: Facet, filter: PageGroupFilter, exact: boolean): HTMLElement {
  const shape = JSON.stringify([facet.values.map(([value]) => value), facet.more, facet.distinct, facet.searchable, facet.query ?? null, exact, facetSearchBoxes.get(facet.field)?.value ?? '']);
  const drawn = drawnFacets.get(facet.field);
  if (drawn?.shape !== shape) {
    const counts: HTMLElement[] = [];
    const boxes: HTMLInputElement[] = [];
    const section = facetSection(facet, filter, exact, counts, boxes);
    drawnFacets.set(facet.field, { shape, section, counts, boxes });
    return section;
  }
  const chosen = new Set(filter[FACET_FIELDS[facet.field] as 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts'] ?? []);
  facet.values.forEach(([value, count], i) => {
    const text = countLabel(count, exact);
    const countText = drawn.counts[i];
    if (countText && countText.textContent !== text) {
      countText.textContent = text;
    }
    const box = drawn.boxes[i];
    const filterValue = value === null ? (facet.field === 'status' ? NO_STATUS : undefined) : value;
    if (box) {
      box.checked = filterValue !== undefined && chosen.has(filterValue);
    }
  });
  return drawn.section;
}

/** The section of `facet`, its values checked as `filter` chooses them (`counts`, `boxes`: each value's, filled in). */
function facetSection(facet: Facet, filter: PageGroupFilter, exact: boolean, counts: HTMLElement[], boxes: HTMLInputElement[]): HTMLElement {
  const key = FACET_FIELDS[facet.field] as 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts';
  const chosen = new Set(filter[key] ?? []);
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
  for (const [value, count] of facet.values) {
    const filterValue = value === null ? (facet.field === 'status' ? NO_STATUS : undefined) : value;
    const item = el('li');
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.dataset.focusKey = `value:${facet.field}:${value === null ? '\u0000' : value}`;
    box.disabled = filterValue === undefined;
    box.addEventListener('keydown', (event) => {
      // Up and down walk the value list; up from the first value goes back to the facet's search box.
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') {
        return;
      }
      event.preventDefault();
      const boxes = Array.from(list.querySelectorAll<HTMLInputElement>('input'));
      const at = boxes.indexOf(box);
      const next = event.key === 'ArrowDown' ? boxes[at + 1] : at === 0 ? facetSearchBoxes.get(facet.field) : boxes[at - 1];
      next?.focus();
    });
    box.checked = filterValue !== undefined && chosen.has(filterValue);
    box.addEventListener('change', (event) => {
      // The filter in force when clicked (the section outlives the view it was drawn for: facetSectionFor).
      const filter = table.state?.filter;
      if (filterValue === undefined || filter === undefined) {
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
    const countText = el('span', 'facet-count', countLabel(count, exact));
    counts.push(countText);
    boxes.push(box);
    label.append(box, el('span', 'facet-value', facetLabel(facet.field, value)), countText);
    item.append(label);
    list.append(item);
  }
  section.append(list);
  if (facet.more > 0) {
    section.append(el('div', 'more', t('moreValues', formatNumber(facet.more))));
  }
  return section;
}
