import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

// An XLSX workbook is a ZIP of a few XML parts (ECMA-376, SpreadsheetML). Written here, sheet by sheet as a
// stream the ZIP pulls from, so a slow deflate or a slow upload holds the database reads back instead of
// piling rows up in memory (exceljs's streaming writer commits rows without waiting for its ZIP: 289 MB for
// a million orders). Every cell is an inline string, as the export's cells are text.

/** A sheet's name and where its rows come from: an iterator the sheets of one data type share. */
export type SheetRows = {
  name: string;
  columns: string[];
  /** The next row's cells; the workbook stops the sheet at `maxRows` and goes on with "<name> 2". */
  rows: AsyncIterator<string[]>;
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR; U+FFFE/FFFF; unpaired surrogates).
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function rowXml(rowNumber: number, cells: string[], columns: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((cell, i) => {
    if (cell === '') return;
    const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
    xml += `<c r="${columns[i]}${rowNumber}" t="inlineStr"><is><t${space}>${xmlText(cell)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

/** Roughly how much sheet XML is handed to the ZIP at a time. */
const CHUNK = 64 * 1024;

/** One sheet's XML: the header, then rows until the sheet is full or the rows end. */
async function* sheetXml(
  sheet: SheetRows,
  next: { current: IteratorResult<string[]> },
  maxRows: number,
): AsyncGenerator<Buffer> {
  const letters = Array.from({ length: Math.max(sheet.columns.length, 1) }, (_, i) => columnName(i));
  let xml = `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>`;
  let rowNumber = 0;
  if (sheet.columns.length > 0) xml += rowXml(++rowNumber, sheet.columns, letters);
  while (!next.current.done && rowNumber < maxRows) {
    const cells = next.current.value;
    while (letters.length < cells.length) letters.push(columnName(letters.length));
    xml += rowXml(++rowNumber, cells, letters);
    if (xml.length >= CHUNK) {
      yield Buffer.from(xml);
      xml = '';
    }
    next.current = await sheet.rows.next();
  }
  yield Buffer.from(`${xml}</sheetData></worksheet>`);
}

function workbookParts(names: string[]): Record<string, string> {
  const sheets = names.map((name, i) => ({ name, part: `worksheets/sheet${i + 1}.xml`, id: `rId${i + 1}` }));
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((s) => `<Override PartName="/xl/${s.part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="${s.id}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}">${sheets.map((s) => `<Relationship Id="${s.id}" Type="${REL}/worksheet" Target="${s.part}"/>`).join('')}</Relationships>`,
  };
}

/**
 * A workbook of the given sheets, as a stream of bytes. A sheet is read only once the ZIP has taken the one
 * before it; a sheet past `maxRows` (the header's row included) goes on in "<name> 2", "<name> 3"…
 */
export function xlsxFile(sheets: () => AsyncIterable<SheetRows>, maxRows: number): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let reading: Readable | null = null;
  // The reader of the file went away: stop reading rows.
  out.on('close', () => reading?.destroy());
  zip.on('error', (err: Error) => out.destroy(err));
  (async () => {
    const names: string[] = [];
    for await (const sheet of sheets()) {
      const next = { current: await sheet.rows.next() };
      let part = 1;
      do {
        names.push(part === 1 ? sheet.name : `${sheet.name} ${part}`);
        reading = Readable.from(sheetXml(sheet, next, maxRows), { objectMode: false, highWaterMark: CHUNK });
        zip.addReadStream(reading, `xl/worksheets/sheet${names.length}.xml`);
        await finished(reading);
        part += 1;
      } while (!next.current.done);
    }
    for (const [path, xml] of Object.entries(workbookParts(names))) zip.addBuffer(Buffer.from(xml), path);
    zip.end();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
