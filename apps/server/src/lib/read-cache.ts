/**
 * The answers of a vendor's read routes, kept in memory for a few seconds (the routes that declare
 * `config.cached`, served by plugins/vendor-scope.ts). Home polls, the lists refetch on focus, several staff
 * watch one dashboard: the same answer is asked for again and again between two changes.
 *
 * Freshness:
 * - a vendor's own change through the API (any non-GET `/vendors/:vendorId/…` route) drops that vendor's
 *   answers once the change has committed, so the next read sees it;
 * - changes made elsewhere (a shop bot's order, a payment, a job) record domain events, and the events
 *   dispatcher drops the vendor's answers once it has handed them on (the activity feed is written then too);
 * - anything else, and other server processes' changes, show after at most `ttlMs`.
 *
 * An answer computed while a change committed is not kept: each entry remembers the vendor's generation at the
 * start of the read, and a drop moves the generation on.
 *
 * One read at a time per answer: requests that ask for an answer already being read (since the vendor's last
 * change) wait for it instead of reading too. When a kept answer expires under 200 clients, they would
 * otherwise all read the same thing at once and queue behind each other on the database (p99 3.9 s).
 */
export type ReadCache = {
  /** The vendor's generation now; pass it to `set` for an answer whose reading starts now. */
  generation(vendorId: string): number;
  get(vendorId: string, key: string): string | undefined;
  set(vendorId: string, key: string, payload: string, generation: number): void;
  /** Drops every kept answer of these vendors. */
  invalidate(...vendorIds: string[]): void;
  /**
   * The answer of a read of this key under way since the vendor's last change, once it is done; undefined when
   * there is none. It settles undefined when that read has no answer to share (a refusal, a failure).
   */
  underWay(vendorId: string, key: string): Promise<string | undefined> | undefined;
  /**
   * This request reads the key now, from `generation`: later askers wait for it. Call the returned function with
   * the answer once it is computed, and with nothing when the request ends (again is harmless).
   */
  startRead(vendorId: string, key: string, generation: number): (payload?: string) => void;
};

type Entry = { generation: number; expiresAt: number; payload: string };
type Read = { generation: number; answer: Promise<string | undefined> };

// An answer bigger than this is not worth the memory (an export, a 1,000-customer segment page).
const MAX_PAYLOAD_CHARS = 256 * 1024;

export function createReadCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }): ReadCache {
  const maxEntries = opts.maxEntries ?? 2000;
  const now = opts.now ?? (() => performance.now());
  const generations = new Map<string, number>();
  // Insertion order is age order: the first entry is the oldest, dropped first when the cache is full.
  const entries = new Map<string, Entry>();
  const reads = new Map<string, Read>();

  const generation = (vendorId: string) => generations.get(vendorId) ?? 0;
  const fullKey = (vendorId: string, key: string) => `${vendorId}\n${key}`;

  return {
    generation,
    get(vendorId, key) {
      if (opts.ttlMs <= 0) return undefined;
      const k = fullKey(vendorId, key);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.expiresAt <= now() || entry.generation !== generation(vendorId)) {
        entries.delete(k);
        return undefined;
      }
      return entry.payload;
    },
    set(vendorId, key, payload, readGeneration) {
      if (opts.ttlMs <= 0 || payload.length > MAX_PAYLOAD_CHARS) return;
      if (readGeneration !== generation(vendorId)) return;
      const k = fullKey(vendorId, key);
      entries.delete(k);
      entries.set(k, { generation: readGeneration, expiresAt: now() + opts.ttlMs, payload });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    invalidate(...vendorIds) {
      // Moving the generation on is enough: a stale entry is dropped when it is next asked for, or pushed out as
      // the oldest once the cache is full.
      for (const vendorId of vendorIds) generations.set(vendorId, generation(vendorId) + 1);
    },
    underWay(vendorId, key) {
      const read = reads.get(fullKey(vendorId, key));
      return read && read.generation === generation(vendorId) ? read.answer : undefined;
    },
    startRead(vendorId, key, readGeneration) {
      if (opts.ttlMs <= 0) return () => {};
      const k = fullKey(vendorId, key);
      let settle: (payload: string | undefined) => void = () => {};
      const read: Read = { generation: readGeneration, answer: new Promise((resolve) => (settle = resolve)) };
      reads.set(k, read);
      return (payload) => {
        if (reads.get(k) === read) reads.delete(k);
        settle(payload);
      };
    },
  };
}
