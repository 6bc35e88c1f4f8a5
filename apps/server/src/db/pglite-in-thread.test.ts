import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PGliteClient } from './pglite-in-thread';

let client: PGliteClient;

beforeAll(async () => {
  client = await openPgliteThread(undefined);
  await client.exec('create table items (id int primary key, label text not null)');
});

afterAll(async () => {
  await client.close();
});

describe('PGlite in a worker thread', () => {
  it('answers rows as objects or arrays', async () => {
    await client.query('insert into items values ($1, $2)', [1, 'one']);
    expect((await client.query('select id, label from items where id = 1')).rows).toEqual([
      { id: 1, label: 'one' },
    ]);
    expect(
      (await client.query('select id, label from items where id = 1', [], { rowMode: 'array' })).rows,
    ).toEqual([[1, 'one']]);
  });

  it('hands over the text of the types a caller parses itself, and Dates otherwise', async () => {
    const sql = "select timestamptz '2026-01-02 03:04:05+00' as at";
    const parsed = await client.query<{ at: unknown }>(sql);
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    const raw = await client.query<{ at: unknown }>(sql, [], { parsers: { 1184: (v: string) => v } });
    expect(raw.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
  });

  it("keeps PostgreSQL's error code and constraint", async () => {
    await client.query('insert into items values (2, $1)', ['two']);
    const error = await client.query('insert into items values (2, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });

  it("never runs another caller's statement inside a transaction", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into items values (3, $1)', ['three']);
      await held;
      throw new Error('changed my mind');
    });
    // Queued behind the transaction: it sees the table after the rollback, not the uncommitted row.
    const outside = client.query<{ n: number }>('select count(*)::int as n from items where id = 3');
    release();
    await expect(transaction).rejects.toThrow('changed my mind');
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('commits a transaction that succeeds', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into items values (4, $1)', ['four']);
    });
    expect((await client.query('select label from items where id = 4')).rows).toEqual([{ label: 'four' }]);
  });
});
