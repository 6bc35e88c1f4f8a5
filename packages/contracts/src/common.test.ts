import { describe, expect, it } from 'vitest';
import { stripUnsafeText, TEXT_MESSAGES, text } from './common';

describe('text()', () => {
  const name = text().trim().min(1).max(10);

  it.each([
    ['a NUL', 'a\u0000b', TEXT_MESSAGES.nul],
    ['a lone high surrogate', 'a\ud800b', TEXT_MESSAGES.loneSurrogate],
    ['a lone low surrogate', 'a\udc00b', TEXT_MESSAGES.loneSurrogate],
    ['a high surrogate at the end', 'ab\ud83d', TEXT_MESSAGES.loneSurrogate],
  ])('refuses %s with its message', (_case, value, message) => {
    expect(name.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it('accepts paired surrogates (emoji) and keeps the chained rules', () => {
    expect(name.parse(' 😀 shop ')).toBe('😀 shop');
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('words a missing value with the error given', () => {
    expect(text({ error: 'Name is required' }).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Name is required',
    );
  });
});

describe('stripUnsafeText', () => {
  it('drops NUL and unpaired surrogates and keeps everything else', () => {
    expect(stripUnsafeText('Ma\u0000ria \ud800😀\udc00 Lopez')).toBe('Maria 😀 Lopez');
  });
});
