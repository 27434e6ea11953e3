/**
 * The Page Groups table's columns: every field of the contract, in the contract's order, each with how it sorts
 * (text by locale, numbers as numbers, times as times) and how its cell value is read from a page group. Arrays are
 * shown as their length. Pure: no `vscode`.
 */
import type { PageGroup } from '../../../../api/model';

export const COLUMN_IDS = [
  'pageGroupId',
  'name',
  'title',
  'status',
  'pagesCount',
  'tenantId',
  'brandId',
  'pageContext',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'headerActionId',
  'actions',
  'footerLinks',
  'scripts',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** How a column sorts and shows: `text` by locale, `number` as numbers, `time` as instants (ISO text on the wire). */
export type ColumnKind = 'text' | 'number' | 'time';

export const COLUMN_KINDS: Readonly<Record<ColumnId, ColumnKind>> = {
  pageGroupId: 'text',
  name: 'text',
  title: 'text', // l10n-ignore: a column kind
  status: 'text',
  pagesCount: 'number',
  tenantId: 'text',
  brandId: 'text',
  pageContext: 'text',
  createdAt: 'time',
  updatedAt: 'time',
  deletedAt: 'time',
  headerActionId: 'text',
  actions: 'number',
  footerLinks: 'number',
  scripts: 'number',
};

/** Most sort keys at once (the first, then ties broken by the next). */
export const MAX_SORT_KEYS = 3;

/** Columns shown when nothing was chosen yet. */
export const DEFAULT_VISIBLE: readonly ColumnId[] = ['title', 'name', 'status', 'pagesCount', 'tenantId', 'brandId', 'pageContext', 'updatedAt', 'pageGroupId'];

export function isColumnId(value: unknown): value is ColumnId {
  return typeof value === 'string' && (COLUMN_IDS as readonly string[]).includes(value);
}

/** A cell's value as it travels to the webview: text for text and time columns, a number for numeric ones, null when missing. */
export type CellValue = string | number | null;

function count(list: readonly unknown[] | undefined): number | null {
  return Array.isArray(list) ? list.length : null;
}

function text(value: string | undefined): string | null {
  return value === undefined ? null : value;
}

/** The raw cell value of a column for a page group (missing: null). */
export function cellOf(group: PageGroup, column: ColumnId): CellValue {
  switch (column) {
    case 'pageGroupId':
      return text(group.pageGroupId);
    case 'pagesCount':
      return typeof group.pagesCount === 'number' && Number.isFinite(group.pagesCount) ? group.pagesCount : null;
    case 'actions':
    case 'footerLinks':
    case 'scripts':
      return count(group[column]);
    default:
      return text(group[column]);
  }
}
