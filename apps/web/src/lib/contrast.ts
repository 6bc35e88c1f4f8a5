/**
 * Colour contrast (WCAG 2.x). Telegram's palettes give secondary text colours that are too faint for small
 * text on the surfaces they sit on (the day theme's hint #999999 is 2.8:1 on white and 2.5:1 on the grey of
 * a card), so the bridge hands the app a readable version of them, computed from whatever palette arrives.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast ratio of two hex colours, 1 to 21; NaN when either is not a hex colour. */
export function contrastRatio(foreground: string, background: string): number {
  const fg = parseHex(foreground);
  const bg = parseHex(background);
  return fg && bg ? ratio(fg, bg) : Number.NaN;
}

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * `color`, or the least change of it toward `toward` (the theme's main text colour) that reads at `minimum`
 * against every one of `backgrounds`. A colour that already passes is returned as given; so is anything that
 * is not a hex colour.
 */
export function readableColor(
  color: string,
  backgrounds: readonly string[],
  toward: string,
  minimum = MIN_TEXT_CONTRAST,
): string {
  const fg = parseHex(color);
  const target = parseHex(toward);
  const bgs = backgrounds.map(parseHex).filter((bg): bg is Rgb => bg !== null);
  if (!fg || !target || bgs.length === 0) return color;
  const passes = (c: Rgb) => bgs.every((bg) => ratio(c, bg) >= minimum);
  if (passes(fg)) return color;
  const mix = (t: number): Rgb => fg.map((c, i) => c + ((target[i] ?? c) - c) * t) as Rgb;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(step / 20);
    if (passes(candidate)) return toHex(candidate);
  }
  return toHex(target);
}
