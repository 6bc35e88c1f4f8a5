import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableColor } from './contrast';
import { getDemoPalette } from './demo-theme';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2481cc', '#2481cc')).toBe(1);
  });

  it("measures Telegram's day hint colour on white at 2.8:1", () => {
    expect(contrastRatio('#999999', '#fff')).toBeCloseTo(2.85, 2);
  });
});

describe('readableColor', () => {
  it('keeps a colour that already reads well', () => {
    expect(readableColor('#555555', ['#ffffff'], '#000000')).toBe('#555555');
  });

  it('darkens a faint hint toward the text colour until it reads at 4.5:1 on every surface', () => {
    const hint = readableColor('#999999', ['#ffffff', '#f1f1f4'], '#000000');
    expect(contrastRatio(hint, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(hint, '#f1f1f4')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // The least change that passes, not plain black.
    expect(contrastRatio(hint, '#f1f1f4')).toBeLessThan(5.2);
  });

  it('lightens toward the text colour on a dark theme', () => {
    const hint = readableColor('#708499', ['#17212b', '#0e1621'], '#f5f5f5');
    expect(contrastRatio(hint, '#0e1621')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(hint, '#17212b')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('leaves values that are not hex colours alone', () => {
    expect(readableColor('var(--x)', ['#ffffff'], '#000000')).toBe('var(--x)');
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('makes the demo %s palette hint readable on the page and on cards', (_name, dark) => {
    const palette = getDemoPalette(dark);
    const surfaces = [palette.bg_color, palette.secondary_bg_color].filter((c): c is `#${string}` => !!c);
    const hint = readableColor(palette.hint_color ?? '', surfaces, palette.text_color ?? '');
    for (const surface of surfaces) expect(contrastRatio(hint, surface)).toBeGreaterThanOrEqual(4.5);
  });
});
