import type { BotSubscription } from '@app/contracts/bots';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  checkTokenFormat,
  getBotCardKind,
  getCreateBotErrorMessage,
  getVerifyErrorMessage,
  sanitizeTokenInput,
} from './bot-rules';

const GOOD_TOKEN = '123456789:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const NOW = Date.parse('2026-03-01T12:00:00Z');

function sub(patch: Partial<BotSubscription> = {}): BotSubscription {
  return { plan: 'BASIC', status: 'trial', label: 'TRIAL', expiresAt: '2026-03-08T12:00:00Z', ...patch };
}

describe('sanitizeTokenInput', () => {
  it('keeps digits, letters, colon, underscore and hyphen, dropping everything else', () => {
    expect(sanitizeTokenInput(' 123:ab c$d_e-f!\n')).toBe('123:abcd_e-f');
  });
});

describe('checkTokenFormat', () => {
  it('asks for a token when the input is empty', () => {
    expect(checkTokenFormat('')).toBe('Please enter a bot token first');
  });
  it('rejects a token that does not match the Bot API format', () => {
    expect(checkTokenFormat('123:abc')).toBe('Invalid bot token format');
    expect(checkTokenFormat(`${GOOD_TOKEN}x`)).toBe('Invalid bot token format');
  });
  it('accepts a well-formed token', () => {
    expect(checkTokenFormat(GOOD_TOKEN)).toBeNull();
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

describe('getCreateBotErrorMessage', () => {
  it('explains an already registered token', () => {
    const error = new ApiError(409, 'BOT_TOKEN_ALREADY_REGISTERED', 'Bot token already registered');
    expect(getCreateBotErrorMessage(error)).toBe(
      'This bot token is already registered. Please use a different bot or check your existing bots.',
    );
  });
  it('explains a taken username', () => {
    const error = new ApiError(409, 'BOT_USERNAME_TAKEN', 'Bot username already taken');
    expect(getCreateBotErrorMessage(error)).toBe(
      'This bot username is already in use. Please create a new bot with @BotFather.',
    );
  });
  it('reports a network failure', () => {
    expect(getCreateBotErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Network error. Please check your connection and try again.',
    );
  });
  it('shows any other server text, or a generic message', () => {
    expect(getCreateBotErrorMessage(new ApiError(502, 'TELEGRAM_ERROR', 'Telegram said no'))).toBe(
      'Telegram said no',
    );
    expect(getCreateBotErrorMessage(new Error('boom'))).toBe('Failed to create bot');
  });
});

describe('getVerifyErrorMessage', () => {
  it('says the token is unknown when the server rejects it', () => {
    expect(getVerifyErrorMessage(new ApiError(400, 'BOT_TOKEN_INVALID', 'x'))).toBe(
      'Invalid token or bot not found. Please check your token.',
    );
  });
  it('blames the connection on a network failure', () => {
    expect(getVerifyErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Failed to verify bot token. Please check your connection.',
    );
  });
});
