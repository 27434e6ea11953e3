/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted when it holds a comma,
 * a double quote, CR or LF (a double quote inside is doubled). Cells hold the raw values: strings as they are, numbers
 * and booleans as JSON writes them, arrays and objects as JSON text, null and missing as an empty cell. Pure.
 *
 * Formula cells: a spreadsheet (Excel, LibreOffice, Google Sheets) runs a cell whose text starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return as a formula when the file is opened. Unless raw cells are asked for, such a text (a
 * string value, or a key in the header) gets a leading `'`, which spreadsheets take as "show as text" (the OWASP
 * advice against CSV injection). Numbers are never changed (`-5` is a number, not a formula).
 */
import { jsonText } from '../util/jsonText';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when RFC 4180 requires it. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. A record of one empty field is written `""`: an empty line would read as no field. */
export function csvRecord(fields: readonly string[]): string {
  if (fields.length === 1 && fields[0] === '') {
    return '""\r\n';
  }
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** What a spreadsheet would run as a formula at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether a spreadsheet would run `text` as a formula. */
export function isFormulaText(text: string): boolean {
  return FORMULA_START.test(text);
}

/** `text` as a spreadsheet shows it, never runs it: `'` before a formula's first character; other text unchanged. */
export function neutralizeFormula(text: string): string {
  return isFormulaText(text) ? `'${text}` : text;
}

/**
 * The text of one cell for a value of a raw server object. `rawCells`: strings exactly as sent, formulas included
 * (`pageGateway.export.csvRawCells`); otherwise a string that starts a formula is neutralized.
 */
export function csvCell(value: unknown, rawCells = false): string {
  if (value === undefined || value === null) {
    return '';
  }
  if (typeof value === 'string') {
    return rawCells ? value : neutralizeFormula(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return jsonText(value) ?? '';
}

/** `record[key]` when it is the record's own field (never an inherited one such as `constructor`). */
export function ownField(record: unknown, key: string): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record) || !Object.prototype.hasOwnProperty.call(record, key)) {
    return undefined;
  }
  return (record as Record<string, unknown>)[key];
}
