/** The formats an export is written in, and how a file name says which one. Pure. */

export type ExportFormat = 'json' | 'ndjson' | 'csv';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'ndjson', 'csv'];

/** File name extensions of each format (the first is the one given to new files). */
export const FORMAT_EXTENSIONS: Readonly<Record<ExportFormat, readonly string[]>> = {
  json: ['json'],
  ndjson: ['ndjson', 'jsonl'],
  csv: ['csv'],
};

/** The format a file name's extension says, or undefined. */
export function formatOfFileName(name: string): ExportFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  return EXPORT_FORMATS.find((format) => extension !== undefined && FORMAT_EXTENSIONS[format].includes(extension));
}

/** `page-groups-published.csv`: a file name from words (anything but letters, digits, `_` and `-` becomes `-`). */
export function exportFileName(parts: readonly string[], format: ExportFormat): string {
  const base = parts
    .map((part) => part.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '')
    .join('-')
    .slice(0, 100);
  return `${base || 'export'}.${FORMAT_EXTENSIONS[format][0] as string}`;
}
