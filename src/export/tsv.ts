/**
 * Tab-separated text as spreadsheets (Excel, LibreOffice, Google Sheets) take it from the clipboard: fields separated
 * by tabs, records ended by LF, a field quoted when it holds a tab, a double quote, CR or LF (a double quote inside is
 * doubled), as their own copies write such a field. Pure.
 */

const NEEDS_QUOTES = /["\t\r\n]/;

/** One field, quoted when a tab, a quote or a line break in it would otherwise split it. */
export function tsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records of fields as tab-separated text, each record ended by LF. */
export function tsvText(records: ReadonlyArray<readonly string[]>): string {
  return records.map((fields) => `${fields.map(tsvField).join('\t')}\n`).join('');
}
