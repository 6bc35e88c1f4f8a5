/** RFC 4180 CSV: quoted cells may hold commas, quotes ("") and line breaks. */

export type CsvRecord = { line: number; cells: string[] };

/** The records of a CSV text, each with the line it starts on (1-based). A BOM is dropped. */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell.length === 0) {
      quoted = true;
      any = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      any = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      if (any || cell.length > 0) out.push({ line: start, cells });
      cells = [];
      cell = '';
      any = false;
      line++;
      start = line;
    } else {
      cell += c;
      any = true;
    }
  }
  if (any || cell.length > 0 || cells.length > 0) {
    cells.push(cell);
    out.push({ line: start, cells });
  }
  return out;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;
/** Cells that a spreadsheet would run as a formula are prefixed with ' (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const formatCsv = (rows: string[][]) =>
  `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
