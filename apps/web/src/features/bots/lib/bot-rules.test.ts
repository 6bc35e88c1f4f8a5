import type { BotSubscription } from '@app/contracts/bots';
import { describe, expect, it } from 'vitest';
import { getBotCardKind, sanitizeTokenInput } from './bot-rules';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function sub(patch: Partial<BotSubscription> = {}): BotSubscription {
  return { plan: 'BASIC', status: 'trial', label: 'TRIAL', expiresAt: '2026-03-08T12:00:00Z', ...patch };
}

describe('sanitizeTokenInput', () => {
  it('keeps digits, letters, colon, underscore and hyphen, dropping everything else', () => {
    expect(sanitizeTokenInput(' 123:ab c$d_e-f!\n')).toBe('123:abcd_e-f');
  });
});

describe('getBotCardKind', () => {
  it('gives the normal card to an active bot with an active subscription', () => {
    expect(getBotCardKind({ isActive: true, hasActiveSubscription: true, subscription: sub() }, NOW)).toBe(
      'normal',
    );
  });
  it('badges a stopped bot with a live subscription INACTIVE', () => {
    expect(getBotCardKind({ isActive: false, hasActiveSubscription: false, subscription: sub() }, NOW)).toBe(
      'inactive',
    );
  });
  it('gives a bot stopped by the vendor while its subscription runs the normal card, Stopped', () => {
    expect(getBotCardKind({ isActive: false, hasActiveSubscription: true, subscription: sub() }, NOW)).toBe(
      'stopped',
    );
  });
  it('badges a bot whose subscription expired or was cancelled EXPIRED', () => {
    for (const status of ['expired', 'cancelled'] as const) {
      const bot = { isActive: true, hasActiveSubscription: false, subscription: sub({ status }) };
      expect(getBotCardKind(bot, NOW)).toBe('expired');
    }
  });
  it('badges a bot whose trial period has ended EXPIRED', () => {
    const bot = {
      isActive: true,
      hasActiveSubscription: false,
      subscription: sub({ expiresAt: '2026-02-01T00:00:00Z' }),
    };
    expect(getBotCardKind(bot, NOW)).toBe('expired');
  });
});
