import { describe, expect, it } from 'vitest';
import { barColour, toggleBot, togglePermission } from './staff-rules';

describe('the Full Access toggle (spec part 2 §4)', () => {
  it('replaces every other permission with Full Access alone', () => {
    expect(togglePermission(['orders', 'customers'], 'all')).toEqual(['all']);
  });

  it('removes Full Access when another permission is chosen', () => {
    expect(togglePermission(['all'], 'orders')).toEqual(['orders']);
  });

  it('adds and removes an ordinary permission', () => {
    expect(togglePermission(['orders'], 'support')).toEqual(['orders', 'support']);
    expect(togglePermission(['orders', 'support'], 'orders')).toEqual(['support']);
  });
});

describe('the assigned bots', () => {
  it('resets to all bots when All Bots is chosen', () => {
    expect(toggleBot(['a', 'b'], 'all')).toBe('all');
  });

  it('replaces all bots with the one bot chosen', () => {
    expect(toggleBot('all', 'a')).toEqual(['a']);
  });

  it('returns to all bots when the last bot is deselected', () => {
    expect(toggleBot(['a'], 'a')).toBe('all');
  });
});

describe('the activity bar colours (spec part 2 §9)', () => {
  it('is green at 90% or more, yellow at 70% or more, else red', () => {
    expect(barColour(90)).toBe(barColour(100));
    expect(barColour(70)).toBe(barColour(89));
    expect(barColour(69)).not.toBe(barColour(70));
    expect(new Set([barColour(95), barColour(75), barColour(10)]).size).toBe(3);
  });
});
