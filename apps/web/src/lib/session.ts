import type { LoginResponse, Role, TokenPair, VendorSummary } from '@app/contracts/auth';
import { DEFAULT_VENDOR_ID } from '@app/contracts/limits';

/** Local storage keys. The first seven are named by the spec (part 1 §1); other code reads them too. */
export const SESSION_KEYS = {
  telegramUserId: 'telegram_user_id',
  telegramUsername: 'telegram_username',
  telegramFirstName: 'telegram_first_name',
  vendorId: 'vendor_id',
  vendorName: 'vendor_name',
  role: 'user_role',
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  expiresAt: 'auth_token_expires_at',
} as const;

export type StoredTokens = {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

export type StoredTelegramUser = { id: number | string; username?: string; firstName?: string };

// Storage can throw (blocked cookies, some in-app browsers): the app then works for this page load only.
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // See read().
  }
}

export function saveTelegramUser(user: StoredTelegramUser): void {
  write(SESSION_KEYS.telegramUserId, String(user.id));
  write(SESSION_KEYS.telegramUsername, user.username ?? null);
  write(SESSION_KEYS.telegramFirstName, user.firstName ?? null);
}

export function getTelegramUserId(): string | null {
  return read(SESSION_KEYS.telegramUserId);
}

export function getTelegramFirstName(): string | null {
  return read(SESSION_KEYS.telegramFirstName);
}

/** The vendor every vendor-scoped call is made for; 'default-vendor-id' when the lookup found none. */
export function getVendorId(): string {
  return read(SESSION_KEYS.vendorId) ?? DEFAULT_VENDOR_ID;
}

export function hasRealVendorId(): boolean {
  return getVendorId() !== DEFAULT_VENDOR_ID;
}

export function setVendorId(vendorId: string | null): void {
  write(SESSION_KEYS.vendorId, vendorId ?? DEFAULT_VENDOR_ID);
}

export function saveVendor(vendor: VendorSummary): void {
  write(SESSION_KEYS.vendorId, vendor.id);
  write(SESSION_KEYS.vendorName, vendor.storeName);
}

export function getVendorName(): string | null {
  return read(SESSION_KEYS.vendorName);
}

export function getRole(): Role {
  return read(SESSION_KEYS.role) === 'STAFF' ? 'STAFF' : 'VENDOR';
}

export function getTokens(): StoredTokens | null {
  const accessToken = read(SESSION_KEYS.accessToken);
  const refreshToken = read(SESSION_KEYS.refreshToken);
  const expiresAt = Number(read(SESSION_KEYS.expiresAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, expiresAt };
}

export function saveTokens(pair: TokenPair, now = Date.now()): StoredTokens {
  const tokens = {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    expiresAt: now + pair.expiresIn * 1000,
  };
  write(SESSION_KEYS.accessToken, tokens.accessToken);
  write(SESSION_KEYS.refreshToken, tokens.refreshToken);
  write(SESSION_KEYS.expiresAt, String(tokens.expiresAt));
  return tokens;
}

export function saveLogin(response: LoginResponse, now = Date.now()): StoredTokens {
  saveVendor(response.vendor);
  write(SESSION_KEYS.role, response.role);
  return saveTokens(response, now);
}

/** Forgets the credentials. The Telegram identity and vendor id stay: they are not secrets. */
export function clearAuth(): void {
  for (const key of [
    SESSION_KEYS.accessToken,
    SESSION_KEYS.refreshToken,
    SESSION_KEYS.expiresAt,
    SESSION_KEYS.role,
    SESSION_KEYS.vendorName,
  ]) {
    write(key, null);
  }
}
