import { describe, expect, it } from 'vitest';
import { fillWelcome } from './settings';

describe('fillWelcome', () => {
  const ann = { first_name: 'Ann', last_name: 'Lee', username: 'annlee' };

  it("fills the customer's first name, last name and username", () => {
    expect(fillWelcome('Hi {first_name} {last_name} (@{username})!', ann)).toBe('Hi Ann Lee (@annlee)!');
  });

  it('fills a placeholder each time it is written', () => {
    expect(fillWelcome('{first_name}, {first_name}!', ann)).toBe('Ann, Ann!');
  });

  it('leaves unknown placeholders and other braces as written', () => {
    expect(fillWelcome('Hi {name} { first_name } {FIRST_NAME} {}', ann)).toBe(
      'Hi {name} { first_name } {FIRST_NAME} {}',
    );
  });

  it('fills a field the customer does not have with nothing', () => {
    expect(fillWelcome('Hi {first_name}{last_name}!', { first_name: 'Ann' })).toBe('Hi Ann!');
  });

  it('does not fill placeholders written in a customer’s own name', () => {
    expect(fillWelcome('Hi {first_name}', { first_name: '{last_name}', last_name: 'Lee' })).toBe(
      'Hi {last_name}',
    );
  });
});
