// l10n-ignore-file: no words here (the words come from the host); the literals are class names and filter fields
/**
 * The filters' panel beside the grid, drawn again with each view from the host: whether the counts are exact, the
 * facets (facets.ts), deleted rows (include/only/exclude), and the ranges (pages, created, updated, deleted). The
 * control that had the focus gets it back, with its caret, so typing and walking by keyboard go on.
 */
import type { PageGroupFilter } from '../../model/pageGroupFilter';
import { localDayOf, localDayStart } from '../model/localDays';
import { el } from './dom';
import { facetSectionFor } from './facets';
import { filters } from './layout';
import { t, table } from './tableData';
import { setFilter } from './viewRequests';

/** Draws the filters' panel for the last view and the filter in force. */
export function drawFilters(): void {
  const { state, view } = table;
  if (!state || !view) {
    return;
  }
  const filter = state.filter;
  const sections: HTMLElement[] = [];
  for (const facet of view.facets) {
    sections.push(facetSectionFor(facet, filter, view.exact));
  }
  if (view.counting === true) {
    sections.push(countingNote());
  }
  const [exactness, ...rest] = otherSections(filter, view.exact);
  sections.unshift(exactness as HTMLElement);
  sections.push(...rest);
  if (sections.length === filters.children.length && sections.every((section, i) => filters.children[i] === section)) {
    // The same sections, updated in place: nothing moves, the focus stays.
    return;
  }
  // A section is new: the control that had the focus (a facet's search box, a value's checkbox)
  // gets it back, with its caret, so typing and walking by keyboard go on.
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && filters.contains(active) ? active.dataset.focusKey : undefined;
  const caret = active instanceof HTMLInputElement && active.type === 'search' ? [active.selectionStart, active.selectionEnd] : undefined;
  filters.replaceChildren(...sections);
  if (focusKey !== undefined) {
    const again = Array.from(filters.querySelectorAll<HTMLElement>('[data-focus-key]')).find((element) => element.dataset.focusKey === focusKey);
    again?.focus();
    if (again instanceof HTMLInputElement && caret) {
      again.setSelectionRange(caret[0] ?? null, caret[1] ?? null);
    }
  }
}

let counting: HTMLElement | undefined;

/** Stands for the facets while the host counts them (one element, kept: the panel does not flicker). */
function countingNote(): HTMLElement {
  counting ??= el('div', 'facets-counting', t('counting'));
  counting.setAttribute('role', 'status');
  return counting;
}

let others: { readonly key: string; readonly sections: HTMLElement[] } | undefined;

/** The exactness note, the deleted rows' choice and the ranges: drawn again only when what they show changed. */
function otherSections(filter: PageGroupFilter, exact: boolean): HTMLElement[] {
  const key = JSON.stringify([exact, filter.deletedState ?? null, filter.pagesCount ?? null, filter.created ?? null, filter.updated ?? null, filter.deleted ?? null]);
  if (others?.key === key) {
    return others.sections;
  }
  const sections: HTMLElement[] = [];
  const exactness = el('div', `exactness ${exact ? 'exact' : 'at-least'}`, exact ? t('exact') : t('atLeast'));
  exactness.title = exact ? t('exactTitle') : t('atLeastTitle');
  sections.push(exactness);
  const deletedSelect = el('select', 'deleted-state');
  deletedSelect.setAttribute('aria-label', t('deletedRows'));
  for (const [value, key] of [['include', 'deletedInclude'], ['only', 'deletedOnly'], ['exclude', 'deletedExclude']] as const) {
    const option = el('option', '', t(key));
    option.value = value;
    option.selected = (filter.deletedState ?? 'include') === value;
    deletedSelect.append(option);
  }
  // Each control reads the filter in force when used (the sections outlive the view they were drawn for).
  const current = (): PageGroupFilter => table.state?.filter ?? filter;
  deletedSelect.addEventListener('change', () => setFilter({ ...current(), deletedState: deletedSelect.value as PageGroupFilter['deletedState'] }));
  const deletedSection = el('section', 'facet');
  deletedSection.append(el('h3', '', t('deletedRows')), deletedSelect);
  sections.push(deletedSection);
  sections.push(rangeSection(t('pages'), 'number', filter.pagesCount?.min, filter.pagesCount?.max, (min, max) => setFilter({ ...current(), pagesCount: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } })));
  for (const [field, key] of [['created', 'created'], ['updated', 'updated'], ['deleted', 'deleted']] as const) {
    const window = filter[field];
    sections.push(rangeSection(t(key), 'date', window?.after, window?.before, (after, before) => setFilter({ ...current(), [field]: { ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) } })));
  }
  others = { key, sections };
  return sections;
}

/**
 * A range of numbers or days (two inputs, either may be empty; a day is the user's, as the cells' times are: from the
 * start of the first day, before the start of the second); `set` gets the range when either changes.
 */
function rangeSection(title: string, type: 'number' | 'date', low: number | undefined, high: number | undefined, set: (low: number | undefined, high: number | undefined) => void): HTMLElement {
  const section = el('section', 'facet range');
  section.append(el('h3', '', title));
  const input = (value: number | undefined, label: string): HTMLInputElement => {
    const box = el('input');
    box.type = type;
    box.setAttribute('aria-label', t('rangeBound', title, label));
    box.placeholder = label;
    if (value !== undefined) {
      box.value = type === 'number' ? String(value) : localDayOf(value);
    }
    return box;
  };
  const from = input(low, type === 'number' ? t('min') : t('after'));
  const to = input(high, type === 'number' ? t('max') : t('before'));
  const read = (box: HTMLInputElement): number | undefined => {
    if (box.value === '') {
      return undefined;
    }
    const value = type === 'number' ? Number(box.value) : localDayStart(box.value);
    return value !== undefined && Number.isFinite(value) ? value : undefined;
  };
  const changed = (): void => set(read(from), read(to));
  from.addEventListener('change', changed);
  to.addEventListener('change', changed);
  section.append(from, to);
  return section;
}
