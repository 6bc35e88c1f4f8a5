import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLocalVendorChanges, type VendorChanges } from '../lib/vendor-changes';

const CHANNEL = 'vendor_changes';
/** NOTIFY's payload holds under 8,000 bytes: this many ids (36 characters and a comma each) go in one. */
const IDS_PER_NOTICE = 150;

type Log = { warn(obj: object, msg: string): void; info(msg: string): void };

/**
 * Vendor changes shared by every server process on one PostgreSQL, through LISTEN/NOTIFY: each process listens
 * on one connection of its own, and an announcement is one `pg_notify` (after the change has committed; a
 * notice is delivered to the listeners once its transaction commits). PostgreSQL rather than Redis: several
 * processes need PostgreSQL anyway (PGlite is one process's), so this needs nothing more and works while Redis is
 * down. A process ignores its own notices (it told its listeners at once). A lost listening connection is
 * opened again; what was announced meanwhile reaches that process after `READ_CACHE_MS` at worst.
 */
export async function createPgVendorChanges(url: string, log: Log): Promise<VendorChanges> {
  const origin = randomUUID();
  const local = createLocalVendorChanges();
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', () => {});
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      const [from, ids] = (msg.payload ?? '').split(' ');
      if (from === origin || !ids) return;
      local.hear(ids.split(','));
    });
    const lost = (err?: Error) => {
      if (listener !== client || closed) return;
      listener = null;
      client.end().catch(() => {});
      log.warn({ err: err?.message }, 'lost the vendor-change notices; listening again');
      retry = setTimeout(() => void listen().catch(() => lost()), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(err as Error);
    }
  }
  await listen();

  return {
    async announce(vendorIds) {
      if (vendorIds.length === 0) return;
      local.hear(vendorIds);
      for (let i = 0; i < vendorIds.length; i += IDS_PER_NOTICE) {
        const ids = vendorIds.slice(i, i + IDS_PER_NOTICE).join(',');
        await sender.query('select pg_notify($1, $2)', [CHANNEL, `${origin} ${ids}`]).catch((err: Error) => {
          log.warn({ err: err.message }, 'could not tell the other processes about a change');
        });
      }
    },
    onChange: local.onChange,
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
      await local.close();
    },
  };
}
