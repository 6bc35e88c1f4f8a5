import { describe, expect, it } from 'vitest';
import {
  isLowStock,
  mergeUnique,
  parseCodeCount,
  parseCodeFile,
  profitMargin,
  slugify,
  stockLevel,
  toggleBotSelection,
} from './product-rules';

describe('bot selection (spec part 2 §4)', () => {
  it('choosing all resets the list to only all', () => {
    expect(toggleBotSelection(['a', 'b'], 'all')).toEqual(['all']);
  });
  it('choosing a bot while all is set replaces all with that bot', () => {
    expect(toggleBotSelection(['all'], 'a')).toEqual(['a']);
  });
  it('adds and removes specific bots', () => {
    expect(toggleBotSelection(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleBotSelection(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('deselecting the last bot returns to all', () => {
    expect(toggleBotSelection(['a'], 'a')).toEqual(['all']);
  });
});

describe('stock colours (spec §9)', () => {
  it.each([
    [21, 'high'],
    [20, 'medium'],
    [6, 'medium'],
    [5, 'low'],
    [0, 'low'],
  ] as const)('%i units are %s', (stock, level) => {
    expect(stockLevel(stock)).toBe(level);
  });
});

describe('code generation count (spec §5.1)', () => {
  it.each([
    ['10', 10],
    ['1', 1],
    ['1000', 1000],
    [' 25 ', 25],
  ])('accepts %j', (answer, count) => expect(parseCodeCount(answer)).toBe(count));
  it.each([['0'], ['1001'], ['-3'], ['2.5'], ['ten'], [''], [null]])('does nothing for %j', (answer) => {
    expect(parseCodeCount(answer)).toBeNull();
  });
});

describe('codes and tags (spec §5.1)', () => {
  it('trims, drops blanks and repeats, and counts the duplicates', () => {
    expect(mergeUnique(['A'], [' B ', '', 'A', 'B', 'C'])).toEqual({
      merged: ['A', 'B', 'C'],
      added: 2,
      duplicates: 2,
    });
  });
  it('reads a .txt or .csv file one code per line, blank lines dropped', () => {
    expect(parseCodeFile('KEY-1\r\n\n  KEY-2  \n"KEY-3",note\n')).toEqual(['KEY-1', 'KEY-2', 'KEY-3']);
  });
});

describe('pricing and stock hints', () => {
  it('profit margin is price minus cost and its percent of the price', () => {
    expect(profitMargin(2000, 1500)).toEqual({ amount: 500, percent: 25 });
    expect(profitMargin(2000, null)).toBeNull();
  });
  it('warns while stock is under the minimum', () => {
    expect(isLowStock(4, 5)).toBe(true);
    expect(isLowStock(5, 5)).toBe(false);
  });
  it('slugs are lowercased with whitespace as hyphens', () => {
    expect(slugify('Blue  Cotton Tee')).toBe('blue-cotton-tee');
  });
});
