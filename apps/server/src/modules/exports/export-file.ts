import { Readable } from 'node:stream';
import type { ExportDataType, ExportFormat } from '@app/contracts/developer';
import { ZipFile } from 'yazl';
import type { ExportPage } from './exports.repository';
import { type SheetRows, xlsxFile } from './xlsx-file';

/** Excel's most rows a sheet (the header row counts): a longer type goes on to a second sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/** A data type's rows, a page at a time (modules/exports keyset pages): never a whole table. */
export type PageSource = { type: ExportDataType; pages: () => AsyncIterable<ExportPage> };

/** A value as one cell's text: dates ISO, objects as JSON, nothing as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A cell a spreadsheet would not run as a formula: text starting with = + - @ (or a tab or carriage return, which
 * some spreadsheets skip before them) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field, RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: unknown): string {
  const text = guardFormula(cellText(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A value as JSON keeps its type; dates become ISO text. */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

async function* csvChunks(source: PageSource, onRows: (n: number) => void): AsyncIterable<Buffer> {
  let header = false;
  for await (const page of source.pages()) {
    let text = '';
    if (!header && page.columns.length > 0) {
      text += csvLine(page.columns);
      header = true;
    }
    for (const row of page.rows) text += csvLine(page.columns.map((c) => row[c]));
    if (text) yield Buffer.from(text);
    onRows(page.rows.length);
  }
}

/** A JSON array, one row a line, written as the pages come. */
async function* jsonChunks(source: PageSource, onRows: (n: number) => void): AsyncIterable<Buffer> {
  yield Buffer.from('[');
  let first = true;
  for await (const page of source.pages()) {
    let text = '';
    for (const row of page.rows) {
      const record = Object.fromEntries(page.columns.map((c) => [c, jsonValue(row[c])]));
      text += `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
      first = false;
    }
    if (text) yield Buffer.from(text);
    onRows(page.rows.length);
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

/** A data type's rows as a sheet's cells, a page read when the sheet needs it. */
async function* sheetsOf(sources: PageSource[], onRows: (n: number) => void): AsyncIterable<SheetRows> {
  for (const source of sources) {
    const pages = source.pages()[Symbol.asyncIterator]();
    const first = await pages.next();
    async function* cells(): AsyncGenerator<string[]> {
      for (let page = first; !page.done; page = await pages.next()) {
        const { columns, rows } = page.value;
        for (const row of rows) yield columns.map((c) => guardFormula(cellText(row[c])));
        onRows(rows.length);
      }
    }
    yield { name: source.type, columns: first.done ? [] : first.value.columns, rows: cells() };
  }
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json', xlsx: 'xlsx' };

/**
 * The export's file as a stream of bytes and its name: one file for one type (and for xlsx, one workbook for all),
 * several types' files as one ZIP. `onRows` is told how many rows were written, for the progress.
 */
export function exportFile(
  sources: PageSource[],
  format: ExportFormat,
  baseName: string,
  onRows: (n: number) => void,
  /** A sheet's most rows, the header's included (Excel's limit; tests lower it). */
  maxSheetRows = XLSX_MAX_ROWS,
): { fileName: string; stream: Readable } {
  if (format === 'xlsx') {
    return { fileName: `${baseName}.xlsx`, stream: xlsxFile(() => sheetsOf(sources, onRows), maxSheetRows) };
  }
  const chunks = format === 'csv' ? csvChunks : jsonChunks;
  const [only] = sources;
  if (sources.length === 1 && only) {
    return {
      fileName: `${baseName}-${only.type}.${EXTENSIONS[format]}`,
      stream: Readable.from(chunks(only, onRows)),
    };
  }
  const zip = new ZipFile();
  // Entries are read one after another, so one table is read at a time.
  for (const source of sources) {
    zip.addReadStream(Readable.from(chunks(source, onRows)), `${source.type}.${EXTENSIONS[format]}`);
  }
  zip.end();
  return { fileName: `${baseName}.zip`, stream: zip.outputStream as Readable };
}
