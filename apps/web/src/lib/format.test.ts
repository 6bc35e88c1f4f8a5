import { describe, expect, it } from 'vitest';
import { formatChange, formatCount } from './format';

describe('formatChange', () => {
  it('signs a rise and a fall, and leaves zero unsigned', () => {
    expect(formatChange(12.34)).toBe('+12.3%');
    expect(formatChange(-5)).toBe('-5%');
    expect(formatChange(0)).toBe('0%');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
