import { BOT_MESSAGES } from '@app/contracts/bots';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  BOT_MESSAGE_KEYS,
  getCreateBotErrorMessage,
  getVerifyErrorMessage,
  getVerifyResultMessage,
  translateBotMessage,
} from './messages';

describe('BOT_MESSAGE_KEYS', () => {
  it('gives every contract text a catalogue key whose English is that same text', () => {
    for (const text of Object.values(BOT_MESSAGES)) {
      expect(BOT_MESSAGE_KEYS[text], text).toBeDefined();
      expect(translateBotMessage(text)).toBe(text);
    }
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
  it('words a known error code from the catalogue', () => {
    expect(getCreateBotErrorMessage(new ApiError(502, 'TELEGRAM_ERROR', 'upstream said no'))).toBe(
      'Telegram refused the request.',
    );
  });
  it('shows any other server text, or a generic message', () => {
    expect(getCreateBotErrorMessage(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe('Slow down');
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

describe('getVerifyResultMessage', () => {
  it('words a token already in use as the create step would', () => {
    const result = { valid: false, error: BOT_MESSAGES.tokenAlreadyRegistered, botInfo: null };
    expect(getVerifyResultMessage(result)).toBe(
      'This bot token is already registered. Please use a different bot or check your existing bots.',
    );
  });
  it("shows the API's error, else 'Invalid bot token'", () => {
    expect(getVerifyResultMessage({ valid: false, error: BOT_MESSAGES.tokenUnknown, botInfo: null })).toBe(
      'Invalid token or bot not found. Please check your token.',
    );
    expect(getVerifyResultMessage({ valid: false, error: null, botInfo: null })).toBe('Invalid bot token');
  });
});
