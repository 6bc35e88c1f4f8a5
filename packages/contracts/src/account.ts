import { z } from 'zod';
import { Language, text } from './common';

/**
 * The vendor's own account (spec part 2 §2.3 Profile, Security, Notifications, Danger Zone; §3.8; §9): the
 * profile, the sessions and two-step confirmation, and what the danger zone schedules.
 */

/** Spec part 2 §9: the timezones the profile offers. */
export const PROFILE_TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Tokyo',
] as const;
export const ProfileTimezone = z.enum(PROFILE_TIMEZONES);
export type ProfileTimezone = z.infer<typeof ProfileTimezone>;

export const ACCOUNT_LIMITS = {
  nameMax: 120,
  companyMax: 120,
  addressMax: 200,
  cityMax: 100,
  countryMax: 100,
  postalCodeMax: 20,
  urlMax: 2048,
  /** Spec part 2 §9: photo max 5 MB. */
  photoBytes: 5 * 1024 * 1024,
  /** A step-up code (two-step confirmation) is good for this long, for the session that gave it. */
  stepUpTtlS: 10 * 60,
  /** Wrong two-step codes allowed per window, then a wait. */
  wrongCodesMax: 5,
  wrongCodesWindowS: 15 * 60,
  recoveryCodes: 10,
  /** A new e-mail's code (six digits): good this long, for this many wrong tries, sent again at most this often. */
  emailCodeTtlS: 15 * 60,
  emailCodeTriesMax: 5,
  emailCodeResendS: 60,
  /** Spec part 2 §9: account deletion takes 30 days. */
  deletionDays: 30,
} as const;

/** Spec part 2 §5.6: the phrase the account's deletion asks for, exactly (case-sensitive). */
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';

export const ACCOUNT_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter the phone number in international format, e.g. +14155550123.',
  urlInvalid: 'Please enter a valid URL (https://…).',
  timezoneInvalid: 'Please choose a timezone from the list.',
  languageInvalid: 'Please choose a language from the list.',
  codeInvalid: 'The code is not valid. Check your authenticator app and try again.',
  phraseRequired: 'Please type DELETE MY ACCOUNT to confirm.',
  emailCodeFormat: 'Enter the 6-digit code from the e-mail.',
} as const;

// The contracts compile without DOM or Node types; every runtime they run in has the WHATWG URL.
const WhatwgUrl = (
  globalThis as unknown as { URL: new (s: string) => { protocol: string; hostname: string } }
).URL;
const isHttpUrl = (s: string) => {
  try {
    const u = new WhatwgUrl(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * A phone number in E.164 once spaces, dashes, dots and brackets are taken out ("+1 (415) 555-0123" →
 * "+14155550123"); a leading 00 counts as +. Null when it is not one.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s\-.()]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** A website as typed: "example.com" becomes "https://example.com"; null when it is no http(s) address. */
export function normaliseWebsite(input: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  return isHttpUrl(withScheme) ? withScheme : null;
}

const optionalText = (max: number) => text().trim().max(max);

/**
 * PATCH /vendors/{id}/profile (spec part 2 §3.8: name, email, phone, company, website, timezone, language, and
 * the server's address fields). Every field is optional; an empty string clears it. Anything else is refused.
 */
export const UpdateProfileBody = z
  .object({
    name: optionalText(ACCOUNT_LIMITS.nameMax),
    email: text()
      .trim()
      .max(254)
      .refine((s) => s === '' || z.email().safeParse(s).success, ACCOUNT_MESSAGES.emailInvalid),
    phone: text()
      .trim()
      .max(40)
      .refine((s) => s === '' || normalisePhone(s) !== null, ACCOUNT_MESSAGES.phoneInvalid)
      .transform((s) => (s === '' ? s : (normalisePhone(s) ?? s))),
    company: optionalText(ACCOUNT_LIMITS.companyMax),
    website: text()
      .trim()
      .max(ACCOUNT_LIMITS.urlMax)
      .refine((s) => s === '' || normaliseWebsite(s) !== null, ACCOUNT_MESSAGES.urlInvalid)
      .transform((s) => (s === '' ? s : (normaliseWebsite(s) ?? s))),
    timezone: z.enum(PROFILE_TIMEZONES, { error: ACCOUNT_MESSAGES.timezoneInvalid }),
    language: z.enum(Language.options, { error: ACCOUNT_MESSAGES.languageInvalid }),
    address: optionalText(ACCOUNT_LIMITS.addressMax),
    city: optionalText(ACCOUNT_LIMITS.cityMax),
    country: optionalText(ACCOUNT_LIMITS.countryMax),
    postalCode: optionalText(ACCOUNT_LIMITS.postalCodeMax),
  })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const AccountStatus = z.enum(['active', 'deletion_scheduled']);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** The profile as the server keeps it (spec part 2 §3.8 server profile fields), with the info card's facts. */
export const Profile = z.object({
  id: z.string(),
  /** The profile's name; the Telegram name until the vendor saves one. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The Telegram username, read-only; null shows as 'Not set'. */
  username: z.string().nullable(),
  telegramId: z.number(),
  email: z.string(),
  /**
   * Whether the e-mail was proven by the code sent to it: until then no mail goes to it (security mail stays
   * with the last proven address: none). False when there is no e-mail.
   */
  emailVerified: z.boolean(),
  /** The code waiting for the e-mail: when it was sent and until when it is good; null when none waits. */
  emailCode: z.object({ sentAt: z.string(), expiresAt: z.string() }).nullable(),
  phone: z.string(),
  company: z.string(),
  website: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string(),
  timezone: ProfileTimezone,
  /** Null until the vendor picks one: the app then follows Telegram's language. */
  language: Language.nullable(),
  createdAt: z.string(),
  /** The caller's last sign-in. */
  lastLoginAt: z.string().nullable(),
  status: AccountStatus,
  /** When a scheduled deletion will erase the account; null when none is scheduled. */
  deletionScheduledFor: z.string().nullable(),
  /** The photo shown: the uploaded one, else Telegram's; null when neither exists. */
  photoUrl: z.string().nullable(),
  photoSource: z.enum(['upload', 'telegram']).nullable(),
  settings: z.object({ profileImage: z.string().nullable() }),
});
export type Profile = z.infer<typeof Profile>;

/** POST /vendors/{id}/profile/email/verify: the six digits sent to the new address. */
export const VerifyEmailBody = z
  .object({
    code: text()
      .trim()
      .regex(/^\d{6}$/, ACCOUNT_MESSAGES.emailCodeFormat),
  })
  .strict();
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** POST /upload/vendors/{id}/profile/image (multipart field `file`): spec part 2 §7.3's answer. */
export const ProfileImageResponse = z.object({ success: z.literal(true), url: z.string() });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponse>;

/**
 * The profile form (spec part 2 §3.8): first and last name, saved as one name (joined and trimmed), and the
 * rest as the PATCH takes it. The same field rules as the server's.
 */
export const ProfileForm = z.object({
  firstName: text().trim().max(60),
  lastName: text().trim().max(60),
  email: UpdateProfileBody.shape.email.unwrap(),
  phone: UpdateProfileBody.shape.phone.unwrap(),
  company: UpdateProfileBody.shape.company.unwrap(),
  website: UpdateProfileBody.shape.website.unwrap(),
  timezone: ProfileTimezone,
  language: Language,
  address: UpdateProfileBody.shape.address.unwrap(),
  city: UpdateProfileBody.shape.city.unwrap(),
  country: UpdateProfileBody.shape.country.unwrap(),
  postalCode: UpdateProfileBody.shape.postalCode.unwrap(),
});
export type ProfileFormInput = z.input<typeof ProfileForm>;
export type ProfileFormValues = z.infer<typeof ProfileForm>;

/** The PATCH body a filled form saves: the name is first and last joined and trimmed. */
export function profileFormToBody(form: ProfileFormValues): UpdateProfileBody {
  const { firstName, lastName, ...rest } = form;
  return { ...rest, name: `${firstName} ${lastName}`.trim() };
}

// --- Security -----------------------------------------------------------------------------------------------

/** Spec part 2 §3.8 Session: one sign-in (a refresh-token family), with its device and platform. */
export const SecuritySession = z.object({
  id: z.string(),
  /** The client: Telegram, or the browser the back-office was opened in. */
  device: z.string(),
  /** The operating system. */
  platform: z.string(),
  /** Approximate location, when known (null: not known). */
  location: z.string().nullable(),
  startedAt: z.string(),
  lastActive: z.string(),
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof SecuritySession>;

/**
 * A device bound for biometric step-up: on it, a sensitive action may be confirmed by Face ID / fingerprint,
 * which releases the secret the server gave at binding (a client-side "yes" alone proves nothing).
 */
export const BiometricDevice = z.object({
  id: z.string(),
  /** Telegram's BiometricManager.deviceId: the client matches it to tell whether this device is bound. */
  deviceId: z.string(),
  device: z.string(),
  platform: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type BiometricDevice = z.infer<typeof BiometricDevice>;

/** POST …/security/biometric/devices: binds this device (while two-step confirmation is on). */
export const BindBiometricBody = z.object({ deviceId: text().trim().min(1).max(128) }).strict();
export type BindBiometricBody = z.infer<typeof BindBiometricBody>;

/** The secret to save with BiometricManager.updateBiometricToken: shown once, only its hash is kept. */
export const BiometricBound = z.object({ device: BiometricDevice, token: z.string() });
export type BiometricBound = z.infer<typeof BiometricBound>;

/** POST …/security/biometric/step-up: the secret the biometric prompt released on that device. */
export const BiometricStepUpBody = z
  .object({ deviceId: text().trim().min(1).max(128), token: text().min(1).max(256) })
  .strict();
export type BiometricStepUpBody = z.infer<typeof BiometricStepUpBody>;

export const BiometricDeviceParams = z.object({ vendorId: text().min(1).max(64), id: z.uuid() });

/** GET /vendors/{id}/security. */
export const SecurityOverview = z.object({
  twoStep: z.object({
    enabled: z.boolean(),
    /** Recovery codes not used yet. */
    recoveryCodesLeft: z.number().int(),
    /** Until when this session's last step-up code lets sensitive actions through; null when none is fresh. */
    stepUpUntil: z.string().nullable(),
  }),
  sessions: z.array(SecuritySession),
  /** The caller's devices bound for biometric step-up (Telegram's BiometricManager). */
  biometricDevices: z.array(BiometricDevice),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

export const SessionParams = z.object({ vendorId: text().min(1).max(64), sessionId: z.uuid() });

export const RevokedSessions = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

/** A six-digit code from the authenticator app, or one of the recovery codes. */
export const TwoStepCodeBody = z
  .object({ code: text().trim().min(6, ACCOUNT_MESSAGES.codeInvalid).max(32, ACCOUNT_MESSAGES.codeInvalid) })
  .strict();
export type TwoStepCodeBody = z.infer<typeof TwoStepCodeBody>;

/** POST …/security/two-step/setup: the secret shown once, as text and as a QR code (an SVG data URL). */
export const TwoStepSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TwoStepSetup = z.infer<typeof TwoStepSetup>;

/** POST …/security/two-step/enable: the 10 one-time recovery codes, shown once. */
export const TwoStepEnabled = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoStepEnabled = z.infer<typeof TwoStepEnabled>;

/** POST …/security/step-up: sensitive actions pass until `validUntil` in this session. */
export const StepUpResponse = z.object({ validUntil: z.string() });
export type StepUpResponse = z.infer<typeof StepUpResponse>;

// --- Notifications ------------------------------------------------------------------------------------------

/** Spec part 2 §3.8 Notification type: the eight kinds a vendor is told about. */
export const NOTIFICATION_TYPES = [
  'orders',
  'payments',
  'messages',
  'reviews',
  'inventory',
  'subscription',
  'security',
  'marketing',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const NOTIFICATION_CHANNELS = ['email', 'telegram', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NotificationChannels = z
  .object({ email: z.boolean(), telegram: z.boolean(), push: z.boolean() })
  .strict();
export type NotificationChannels = z.infer<typeof NotificationChannels>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const QuietHours = z
  .object({
    enabled: z.boolean(),
    start: z.string().regex(HHMM, 'Use HH:MM (24-hour).'),
    end: z.string().regex(HHMM, 'Use HH:MM (24-hour).'),
  })
  .strict();
export type QuietHours = z.infer<typeof QuietHours>;

/** GET and PUT /vendors/{id}/notifications: the types × channels grid and quiet hours. */
export const NotificationSettings = z
  .object({
    types: z.object(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, NotificationChannels])) as Record<
        NotificationType,
        typeof NotificationChannels
      >,
    ),
    quietHours: QuietHours,
  })
  .strict();
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * The defaults: Telegram on for everything but marketing, e-mail for security (always: spec part 2 §6) and
 * payments, push off; quiet hours 22:00–08:00 (spec part 2 §9), in the profile's timezone, off until the vendor
 * turns them on: a new merchant's first night orders must not wait silently until 08:00 for a switch they never saw.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  types: Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      {
        email: type === 'security' || type === 'payments',
        telegram: type !== 'marketing',
        push: false,
      },
    ]),
  ) as Record<NotificationType, NotificationChannels>,
  quietHours: { enabled: false, start: '22:00', end: '08:00' },
};

/** Spec part 2 §6: critical security notifications cannot be disabled and always go by e-mail. */
export function withLockedSecurity(settings: NotificationSettings): NotificationSettings {
  return {
    ...settings,
    types: { ...settings.types, security: { ...settings.types.security, email: true } },
  };
}

/** A browser's Web Push subscription, as PushSubscription.toJSON() gives it (the back-office outside Telegram). */
export const PushSubscriptionBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: text().min(1).max(200), auth: text().min(1).max(100) }).strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE …/notifications/push?endpoint=…: the browser that turns Web Push off. */
export const PushUnsubscribeQuery = z.object({ endpoint: text().min(1).max(2048) }).strict();
export type PushUnsubscribeQuery = z.infer<typeof PushUnsubscribeQuery>;

/**
 * GET …/notifications/push: the server's VAPID public key (null: Web Push is not set up on this server) and
 * the endpoints the caller has subscribed (a browser finds out whether it is one of them).
 */
export const PushStatus = z.object({ publicKey: z.string().nullable(), endpoints: z.array(z.string()) });
export type PushStatus = z.infer<typeof PushStatus>;

// --- Danger zone --------------------------------------------------------------------------------------------

/** DELETE /vendors/{id}: the phrase typed exactly (spec part 2 §5.6), case-sensitive. */
export const DeleteAccountBody = z
  .object({
    confirmation: text().refine((s) => s === DELETE_ACCOUNT_PHRASE, ACCOUNT_MESSAGES.phraseRequired),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** The account's deletion, scheduled: the purge runs at `purgeAt` unless the owner signs in before. */
export const AccountDeletion = z.object({ scheduledAt: z.string(), purgeAt: z.string() });
export type AccountDeletion = z.infer<typeof AccountDeletion>;
