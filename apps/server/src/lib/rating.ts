/** The average of `count` ratings summing to `sum`, one decimal; null without one (a product's rating). */
export function ratingOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}
