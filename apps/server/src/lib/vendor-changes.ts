/**
 * "These vendors' data changed": what every kept read of theirs (the read cache, the shops' catalogue reads)
 * listens to. In one process the announcement goes straight to the listeners. With several processes on one
 * PostgreSQL, db/vendor-change-notices.ts carries it to every process too (LISTEN/NOTIFY), so a change made
 * through one process is not served stale by another.
 */
export type VendorChanges = {
  /** Tells this process's listeners at once, and the other processes'; resolves once it is sent. */
  announce(vendorIds: readonly string[]): Promise<void>;
  /** `listener` hears every announcement, this process's and the others'. */
  onChange(listener: (vendorIds: readonly string[]) => void): void;
  close(): Promise<void>;
};

/** One process: announcements reach this process's listeners only. */
export function createLocalVendorChanges(): VendorChanges & { hear(vendorIds: readonly string[]): void } {
  const listeners = new Set<(vendorIds: readonly string[]) => void>();
  const hear = (vendorIds: readonly string[]) => {
    if (vendorIds.length === 0) return;
    for (const listener of listeners) listener(vendorIds);
  };
  return {
    hear,
    announce: async (vendorIds) => hear(vendorIds),
    onChange: (listener) => void listeners.add(listener),
    close: async () => listeners.clear(),
  };
}
