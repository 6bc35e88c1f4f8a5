import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorChanges } from '../lib/vendor-changes';
import { createPgVendorChanges } from './vendor-change-notices';

// The machine's PostgreSQL (CI's too); LISTEN/NOTIFY needs no table, so any database of it does.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = { warn: () => {}, info: () => {} };
const opened: VendorChanges[] = [];

afterEach(async () => {
  for (const changes of opened.splice(0)) await changes.close();
});

describe('vendor changes across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it("reach this process's listeners at once and the other process's once announced", async () => {
    const one = await createPgVendorChanges(url, log);
    const other = await createPgVendorChanges(url, log);
    opened.push(one, other);
    const heardHere: string[][] = [];
    const heardThere: string[][] = [];
    one.onChange((ids) => heardHere.push([...ids]));
    other.onChange((ids) => heardThere.push([...ids]));

    const sent = one.announce(['vendor-a', 'vendor-b']);
    expect(heardHere).toEqual([['vendor-a', 'vendor-b']]);
    await sent;
    await vi.waitFor(() => expect(heardThere).toEqual([['vendor-a', 'vendor-b']]));
    // A process does not hear its own notice a second time.
    expect(heardHere).toHaveLength(1);
  });

  it('split a long list over several notices (a notice holds under 8,000 bytes)', async () => {
    const one = await createPgVendorChanges(url, log);
    const other = await createPgVendorChanges(url, log);
    opened.push(one, other);
    const heard = new Set<string>();
    other.onChange((ids) => {
      for (const id of ids) heard.add(id);
    });
    const ids = Array.from(
      { length: 400 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await one.announce(ids);
    await vi.waitFor(() => expect(heard.size).toBe(400));
  });
});
