/** Percent change from `previous` to `current`, one decimal; growth from nothing counts as 100%. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The spec's signed percent strings: "+12.5%", "-3.0%", "0%". */
export function signedPercent(change: number): string {
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '-'}${Math.abs(change).toFixed(1)}%`;
}

/** `part` as a percent of `whole`, one decimal; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
