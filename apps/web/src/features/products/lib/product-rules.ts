// The product screens' local rules (spec part 2 §4, §5.1, §9). The server enforces the same ones; these shape
// what the form does before it asks.

/** The value of the bot selector that means "every bot of the vendor". */
export const ALL_BOTS = 'all';

/**
 * Spec §4, bot selection: choosing 'all' resets the list to only 'all'; choosing a specific bot while 'all'
 * is set replaces 'all' with that bot; deselecting the last bot returns to 'all'.
 */
export function toggleBotSelection(current: readonly string[], choice: string): string[] {
  if (choice === ALL_BOTS) return [ALL_BOTS];
  const specific = current.filter((id) => id !== ALL_BOTS);
  if (specific.includes(choice)) {
    const rest = specific.filter((id) => id !== choice);
    return rest.length === 0 ? [ALL_BOTS] : rest;
  }
  return [...specific, choice];
}

export type StockLevel = 'high' | 'medium' | 'low';

/** Spec §9: stock above 20 is green, above 5 yellow, otherwise red. */
export function stockLevel(stock: number): StockLevel {
  if (stock > 20) return 'high';
  if (stock > 5) return 'medium';
  return 'low';
}

/** Spec §5.1 and §9: a count of codes to generate is a whole number from 1 to 1000; anything else is nothing. */
export const CODE_BATCH = { min: 1, max: 1000, default: 10 } as const;

export function parseCodeCount(answer: string | null): number | null {
  if (answer === null) return null;
  const trimmed = answer.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= CODE_BATCH.min && count <= CODE_BATCH.max ? count : null;
}

/**
 * Spec §5.1: tags and product keys are trimmed, non-empty and unique; a key file is one per line with blank
 * lines dropped. Returns the new entries in order, and how many were duplicates of one another or of `existing`.
 */
export function mergeUnique(
  existing: readonly string[],
  incoming: readonly string[],
): { merged: string[]; added: number; duplicates: number } {
  const seen = new Set(existing);
  const merged = [...existing];
  let duplicates = 0;
  for (const raw of incoming) {
    const value = raw.trim();
    if (value === '') continue;
    if (seen.has(value)) {
      duplicates += 1;
      continue;
    }
    seen.add(value);
    merged.push(value);
  }
  return { merged, added: merged.length - existing.length, duplicates };
}

/** One entry per line of a .txt or .csv file (a CSV line's first cell), trimmed, blank lines dropped. */
export function parseCodeFile(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => (line.split(',')[0] ?? '').trim().replace(/^"(.*)"$/, '$1'))
    .filter((line) => line !== '');
}

/** Spec §5.1: profit margin as price minus cost, and as a percent of the price. Minor units in and out. */
export function profitMargin(
  priceMinor: number | null | undefined,
  costMinor: number | null | undefined,
): { amount: number; percent: number } | null {
  if (priceMinor == null || costMinor == null || priceMinor <= 0) return null;
  const amount = priceMinor - costMinor;
  return { amount, percent: (amount / priceMinor) * 100 };
}

/** Spec §5.1: the low-stock warning shows while stock is under the minimum. */
export function isLowStock(stock: number | null | undefined, minStock: number | null | undefined): boolean {
  return stock != null && minStock != null && stock < minStock;
}

/** Spec §5.2: a URL slug is lowercased and whitespace becomes hyphens (as typed). */
export function slugify(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '-');
}
