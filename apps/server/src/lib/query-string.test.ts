import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('decodes keys and values, plus as space, repeated keys as a list', () => {
    expect({ ...parseQueryString('a=1&b=x+y%21&a=2&c') }).toEqual({ a: ['1', '2'], b: 'x y!', c: '' });
  });

  it('keeps a %-escape that is not UTF-8 as NUL, which every text field refuses', () => {
    expect(parseQueryString('q=a%ED%A0%80b').q).toBe('\0');
  });
});
