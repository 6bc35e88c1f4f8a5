/** The UTC day of a moment, YYYY-MM-DD: the key of every daily figure. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
