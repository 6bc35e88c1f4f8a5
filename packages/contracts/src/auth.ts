import { z } from 'zod';
import { Language, text } from './common';
import { Permission } from './permissions';

export const Role = z.enum(['VENDOR', 'STAFF']);
export type Role = z.infer<typeof Role>;

/** `language`: the one the vendor chose in their profile; null = follow each user's Telegram language. */
export const VendorSummary = z.object({
  id: z.string().uuid(),
  storeName: z.string(),
  language: Language.nullable(),
});
export type VendorSummary = z.infer<typeof VendorSummary>;

/**
 * The login payload of spec part 1 §3. Only `init_data` is trusted: the server verifies its HMAC and reads
 * the user from it; the other fields are what older clients send and are ignored.
 */
// init_data is optional in the schema so that a missing one is a 401 "missing init data", like a bad one.
const InitData = text().max(4096).optional();

export const TelegramLoginBody = z.object({
  init_data: InitData,
  id: z.union([z.number(), text()]).optional(),
  first_name: text().optional(),
  last_name: text().optional(),
  username: text().optional(),
  photo_url: text().optional(),
  auth_date: z.union([z.number(), text()]).optional(),
  hash: text().optional(),
  user_json: text().optional(),
});
export type TelegramLoginBody = z.infer<typeof TelegramLoginBody>;

export const TokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const LoginResponse = TokenPair.extend({
  vendor: VendorSummary,
  role: Role,
  /** This sign-in cancelled the account's scheduled deletion (its bots run again): Home says so, once. */
  deletionCancelled: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterBody = z.object({
  init_data: InitData,
  storeName: text().trim().min(1).max(120).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RefreshBody = z.object({ refreshToken: text().min(1).max(200) });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const LogoutBody = z.object({ refreshToken: text().min(1).max(200) });
export type LogoutBody = z.infer<typeof LogoutBody>;

export const VerifyResponse = z.object({ valid: z.boolean() });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** check-status proves the identity with init data: nobody learns vendor ids by guessing Telegram ids. */
export const CheckStatusBody = z.object({
  init_data: InitData,
  telegramId: z.union([z.number(), text()]).optional(),
});
export type CheckStatusBody = z.infer<typeof CheckStatusBody>;

export const CheckStatusResponse = z.object({
  registered: z.boolean(),
  data: z.object({ vendor: VendorSummary.nullable() }),
});
export type CheckStatusResponse = z.infer<typeof CheckStatusResponse>;

/** Demo mode only: init data the server signs for the demo user, so a plain browser can sign in. */
export const DemoLaunchResponse = z.object({ initData: z.string(), demo: z.literal(true) });
export type DemoLaunchResponse = z.infer<typeof DemoLaunchResponse>;

/**
 * The caller as the web app follows them (`GET /me`): the account, the role in it, and what they may do there
 * (the owner: `all` on every bot; a staff member: their seat's grant).
 */
export const MeResponse = z.object({
  vendor: VendorSummary,
  role: Role,
  demo: z.boolean(),
  telegramId: z.number().int(),
  permissions: z.array(Permission),
  botIds: z.union([z.literal('all'), z.array(z.string())]),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** One account a person may act for: their own store (VENDOR) or a seat in someone else's (STAFF). */
export const Account = z.object({ vendor: VendorSummary, role: Role, current: z.boolean() });
export type Account = z.infer<typeof Account>;

export const AccountsResponse = z.object({ accounts: z.array(Account) });
export type AccountsResponse = z.infer<typeof AccountsResponse>;

/** A token acts for one account at a time: switching answers new tokens for another. */
export const SwitchAccountBody = z.object({ vendorId: z.uuid() });
export type SwitchAccountBody = z.infer<typeof SwitchAccountBody>;
