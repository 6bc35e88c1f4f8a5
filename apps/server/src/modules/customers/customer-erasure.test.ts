import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, type Vendor, vendor } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { customers, events } from '../../db/schema/index';

let t: TestApp;
let v: Vendor;

beforeAll(async () => {
  t = await createTestApp();
  v = await vendor(t.app);
});
afterAll(() => t.app.close());

const erase = (customerId: string, who: Vendor = v) =>
  t.app.inject({ method: 'DELETE', url: `${who.base}/customers/${customerId}`, headers: who.auth });

describe('customer erasure', () => {
  it('erases the customer’s names, username and contacts, and records customer.deleted', async () => {
    const customer = await addCustomer(t, v.vendorId, {
      firstName: 'Zelda',
      lastName: 'Quill',
      username: 'zquill',
    });
    await t.database.db
      .update(customers)
      .set({ email: 'zelda@example.com', phone: '+14155550123', notes: 'Lives at 1 Main St' })
      .where(eq(customers.id, customer.id));
    expect((await erase(customer.id)).statusCode).toBe(204);

    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    const kept = JSON.stringify(row);
    for (const personal of ['Zelda', 'Quill', 'zquill', 'zelda@example.com', '+14155550123', 'Main St']) {
      expect(kept).not.toContain(personal);
    }
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, v.vendorId), eq(events.type, 'customer.deleted')));
    expect(recorded.map((e) => e.subjectId)).toEqual([customer.id]);
  });

  it("answers 404 for another vendor's customer and erases nothing", async () => {
    const other = await vendor(t.app);
    const customer = await addCustomer(t, other.vendorId, { firstName: 'Yara' });
    const res = await erase(customer.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.firstName).toBe('Yara');
  });
});
