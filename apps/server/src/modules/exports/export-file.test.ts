import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportFile, type PageSource, XLSX_MAX_ROWS } from './export-file';

/** A type of `count` rows, in pages of 2. */
function rows(type: PageSource['type'], count: number): PageSource {
  return {
    type,
    pages: async function* () {
      for (let i = 0; i < count; i += 2) {
        const page = Array.from({ length: Math.min(2, count - i) }, (_, k) => ({
          id: `r${i + k}`,
          n: i + k,
        }));
        yield { columns: ['id', 'n'], rows: page, last: page.at(-1)?.id ?? null };
      }
    },
  };
}

async function workbookOf(sources: PageSource[], maxSheetRows: number) {
  const chunks: Buffer[] = [];
  for await (const c of exportFile(sources, 'xlsx', 'x', () => {}, maxSheetRows).stream)
    chunks.push(c as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets.map((s) => {
    const values: string[][] = [];
    s.eachRow((r) => values.push((r.values as unknown[]).slice(1).map(String)));
    return { name: s.name, values };
  });
}

describe('XLSX export', () => {
  it("splits at Excel's 1,048,576 rows a sheet by default", () => {
    expect(XLSX_MAX_ROWS).toBe(1_048_576);
  });

  it('continues a type past the sheet row limit on "<type> 2", each sheet with the header, no row lost', async () => {
    const sheets = await workbookOf([rows('orders', 7), rows('customers', 2)], 4);
    expect(sheets.map((s) => s.name)).toEqual(['orders', 'orders 2', 'orders 3', 'customers']);
    expect(sheets.map((s) => s.values.length)).toEqual([4, 4, 2, 3]);
    for (const s of sheets) expect(s.values[0]).toEqual(['id', 'n']);
    const ids = sheets
      .filter((s) => s.name.startsWith('orders'))
      .flatMap((s) => s.values.slice(1).map((v) => v[0]));
    expect(ids).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });
});

describe('XLSX export as a stream', () => {
  it('keeps text as written: markup characters, leading spaces and line breaks; drops what XML cannot carry', async () => {
    const source: PageSource = {
      type: 'customers',
      pages: async function* () {
        const rows = [{ id: 'a', name: '  <b>Tom & "Jerry"</b>\nline 2\u0007' }];
        yield { columns: ['id', 'name'], rows, last: 'a' };
      },
    };
    const [sheet] = await workbookOf([source], XLSX_MAX_ROWS);
    expect(sheet?.values[1]).toEqual(['a', '  <b>Tom & "Jerry"</b>\nline 2']);
  });

  it('reads no further pages while nobody reads the file (memory stays flat on a slow upload)', async () => {
    let pagesRead = 0;
    const source: PageSource = {
      type: 'orders',
      pages: async function* () {
        for (let p = 0; p < 2_000; p += 1) {
          pagesRead += 1;
          const page = Array.from({ length: 200 }, () => ({ id: randomUUID(), note: randomUUID() }));
          yield { columns: ['id', 'note'], rows: page, last: page.at(-1)?.id ?? null };
        }
      },
    };
    const { stream } = exportFile([source], 'xlsx', 'x', () => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesRead).toBeGreaterThan(0);
    expect(pagesRead).toBeLessThan(200);
    stream.destroy();
  });
});
