import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { seedDemoVendor } from '../db/seed/seed';

/** First start in demo mode: a demo vendor with realistic data. Later starts find it and do nothing. */
export async function ensureDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const result = await seedDemoVendor(db, { orders: 2000, seed: 1, onlyIfMissing: true });
  if (result.created) log.info(result, 'demo data seeded');
}
