import { describe, expect, it } from 'vitest';
import { vendor } from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { productCodes, products } from '../../db/schema/index';
import { generateCode, generateCodes, maskCode, parseCodeLines } from './codes';
import { parseCsv } from './csv';
import { claimCodes } from './product-codes.service';

describe('code formats (spec part 2 §9)', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  it.each([
    [{ digitalType: 'product_key' } as const, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/],
    [{ digitalType: 'ticket' } as const, /^TKT-[A-Z0-9]{8}$/],
    [{ digitalType: 'pass', passType: 'premium' } as const, /^PRE2026-[A-Z0-9]{8}$/],
    [{ digitalType: 'subscription', billingCycle: 'quarterly' } as const, /^SUBQ[0-9A-Z]+-[A-Z0-9]{6}$/],
  ])('%o', (format, pattern) => {
    for (let i = 0; i < 50; i++) expect(generateCode(format, at)).toMatch(pattern);
  });

  it('makes distinct codes', () => {
    expect(new Set(generateCodes({ digitalType: 'product_key' }, 1000)).size).toBe(1000);
  });

  it('masks all but the first and last four characters', () => {
    expect(maskCode('ABCD-EFGH-IJKL-MNOP')).toBe('ABCD-****-****-MNOP');
    expect(maskCode('SHORT')).toBe('SH***');
  });
});

describe('code import lines (spec part 2 §5.1)', () => {
  it('trims, drops blank lines, takes a csv line’s first cell, reports duplicates', () => {
    expect(parseCodeLines(' A1 \n\n\r\nB2,extra\n"C,3",x\nA1\n   \n')).toEqual({
      codes: ['A1', 'B2', 'C,3'],
      duplicates: ['A1'],
    });
  });
});

describe('CSV parsing', () => {
  it('reads quoted cells with commas, quotes and line breaks, with the line each record starts on', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });
});

describe('claimCodes', () => {
  it('never hands one code to two buyers claiming at the same time (PostgreSQL when TEST_DATABASE_URL is set)', async () => {
    const t = await createTestApp();
    try {
      const v = await vendor(t.app);
      const db = t.database.db;
      const [p] = await db
        .insert(products)
        .values({
          vendorId: v.vendorId,
          name: 'Keys',
          productType: 'digital',
          priceMinor: 100,
          details: { digitalType: 'product_key' },
          stock: 15,
        })
        .returning();
      const productId = p?.id ?? '';
      const codes = generateCodes({ digitalType: 'product_key' }, 15);
      await db.insert(productCodes).values(codes.map((code) => ({ vendorId: v.vendorId, productId, code })));

      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          db.transaction((tx) => claimCodes(tx, v.vendorId, productId, 1, crypto.randomUUID())),
        ),
      );
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.map((c) => c.code) : []));
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(15);
      expect(new Set(won).size).toBe(15);
      const [after] = await db.select({ stock: products.stock }).from(products);
      expect(after?.stock).toBe(0);
      expect(lost).toHaveLength(5);
      for (const r of lost)
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CODES_UNAVAILABLE' });
    } finally {
      await t.app.close();
    }
  });
});
