const countFormat = new Intl.NumberFormat('en-US');
const changeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A percent change: 12.34 → "+12.3%", -5 → "-5%", 0 → "0%". */
export function formatChange(percent: number): string {
  return `${changeFormat.format(percent)}%`;
}
