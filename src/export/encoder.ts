/**
 * Turns raw server objects into the text of an export, batch by batch, so an export of any size is written as it
 * arrives and never built whole in memory: `begin()`, then `encode(batch)` for each batch in order, then `end()`.
 * The objects are written as the server sent them (unknown fields kept). Pure.
 *
 * - JSON: one array, two-space indentation.
 * - NDJSON: one compact JSON object per line.
 * - CSV (RFC 4180): a header of `columns`, then one record per object (see csv.ts for the cells). Columns are chosen
 *   before the first record is written; a key an object has that is not a column is left out of the CSV and listed
 *   in `leftOut` (JSON and NDJSON keep every field). Strings (and header keys) that a spreadsheet would run as a
 *   formula are neutralized unless `csvRawCells` is set (see csv.ts); `neutralized` counts those cells.
 */
import { csvCell, csvRecord, isFormulaText, neutralizeFormula, ownField } from './csv';
import type { ExportFormat } from './exportFormat';
import { jsonText } from '../util/jsonText';

export interface Encoder {
  begin(): string;
  encode(items: readonly unknown[]): string;
  end(): string;
  /** Objects encoded so far. */
  readonly count: number;
  /** CSV: keys found in objects that are not columns, first seen first (empty for JSON and NDJSON). */
  readonly leftOut: readonly string[];
  /** CSV: cells (header included) that got a `'` so that spreadsheets show them as text (0 for JSON and NDJSON). */
  readonly neutralized: number;
}

export interface EncoderOptions {
  /** CSV: strings exactly as sent, formulas included (`pageGateway.export.csvRawCells`). Default false. */
  readonly csvRawCells?: boolean;
}

/** `columns` is needed for CSV only. */
export function createEncoder(format: ExportFormat, columns: readonly string[] = [], options: EncoderOptions = {}): Encoder {
  switch (format) {
    case 'json':
      return new JsonEncoder();
    case 'ndjson':
      return new NdjsonEncoder();
    case 'csv':
      return new CsvEncoder(columns, options.csvRawCells === true);
  }
}

/** Without recursion: a value nested 100,000 deep is written like any other (see jsonText.ts). */
function json(value: unknown, indent?: string): string {
  return jsonText(value, { indent }) ?? 'null'; // l10n-ignore: JSON text
}

class JsonEncoder implements Encoder {
  public count = 0;
  public readonly leftOut: readonly string[] = [];
  public readonly neutralized = 0;

  public begin(): string {
    return '[';
  }

  public encode(items: readonly unknown[]): string {
    let text = '';
    for (const item of items) {
      text += `${this.count === 0 ? '\n' : ',\n'}  ${json(item, '  ').replace(/\n/g, '\n  ')}`;
      this.count += 1;
    }
    return text;
  }

  public end(): string {
    return this.count === 0 ? ']\n' : '\n]\n';
  }
}

class NdjsonEncoder implements Encoder {
  public count = 0;
  public readonly leftOut: readonly string[] = [];
  public readonly neutralized = 0;

  public begin(): string {
    return '';
  }

  public encode(items: readonly unknown[]): string {
    this.count += items.length;
    return items.map((item) => `${json(item)}\n`).join('');
  }

  public end(): string {
    return '';
  }
}

class CsvEncoder implements Encoder {
  public count = 0;
  public neutralized = 0;
  private readonly columnSet: ReadonlySet<string>;
  private readonly extra = new Set<string>();

  public constructor(
    private readonly columns: readonly string[],
    private readonly rawCells: boolean,
  ) {
    this.columnSet = new Set(columns);
  }

  public get leftOut(): readonly string[] {
    return [...this.extra];
  }

  public begin(): string {
    return csvRecord(this.columns.map((column) => this.cell(column)));
  }

  public encode(items: readonly unknown[]): string {
    let text = '';
    for (const item of items) {
      text += csvRecord(this.columns.map((column) => this.cell(ownField(item, column))));
      if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
        for (const key of Object.keys(item)) {
          if (!this.columnSet.has(key)) {
            this.extra.add(key);
          }
        }
      }
      this.count += 1;
    }
    return text;
  }

  public end(): string {
    return '';
  }

  private cell(value: unknown): string {
    if (!this.rawCells && typeof value === 'string' && isFormulaText(value)) {
      this.neutralized += 1;
      return neutralizeFormula(value);
    }
    return csvCell(value, this.rawCells);
  }
}
