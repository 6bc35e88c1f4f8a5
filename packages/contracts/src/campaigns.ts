import { z } from 'zod';
import { CustomerSegment } from './catalogue';
import { text, VendorParams } from './common';

/**
 * Telegram's limits for one campaign message: a text message holds 4096 characters, a photo's caption 1024
 * (both counted after formatting tags are taken out, as Telegram counts them); up to 3 buttons here.
 */
export const CAMPAIGN_LIMITS = {
  textMax: 4096,
  captionMax: 1024,
  buttonsMax: 3,
  buttonTextMax: 64,
  urlMax: 2048,
  nameMax: 100,
  searchMax: 100,
  abandonedCartHoursMin: 1,
  abandonedCartHoursMax: 72,
  abandonedCartHoursDefault: 6,
  /** Products a button's picker offers at once (a search finds the others). */
  targetsMax: 20,
} as const;

export const CAMPAIGN_MESSAGES = {
  textRequired: 'Write the message',
  textTooLong: 'The message is longer than Telegram allows ({max} characters)',
  formattingInvalid:
    'The formatting is not valid: use <b>, <i>, <u>, <s>, <code>, <pre>, <a href="…">, <tg-spoiler> and <blockquote>, each closed',
  urlInvalid: 'A button link must start with http:// or https://',
  buttonTextRequired: 'Give the button a label',
  tooManyButtons: 'Up to 3 buttons',
  scheduleInPast: 'The schedule must be in the future',
} as const;

/** The tags Telegram's HTML parse mode takes (its "formatting options"). */
const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'code',
  'pre',
  'a',
  'tg-spoiler',
  'blockquote',
  'span',
]);
const TAG = /<\/?([a-z-]+)(\s[^<>]*)?>/gi;

/** Whether `html` is Telegram HTML Telegram will parse: only its tags, each closed in order. */
export function isTelegramHtml(html: string): boolean {
  const open: string[] = [];
  for (const m of html.matchAll(TAG)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return false;
    if (m[0].startsWith('</')) {
      if (open.pop() !== name) return false;
    } else open.push(name);
  }
  if (open.length > 0) return false;
  const rest = html.replace(TAG, '');
  // A bare < or > outside a tag must be written &lt; / &gt;.
  return !/[<>]/.test(rest);
}

/** The characters Telegram counts: the text without its tags, with entities as one character. */
export function visibleLength(html: string): number {
  return [...html.replace(TAG, '').replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/gi, '_')].length;
}

const httpUrl = text()
  .trim()
  .max(CAMPAIGN_LIMITS.urlMax)
  .refine((s) => /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i.test(s), CAMPAIGN_MESSAGES.urlInvalid);

const buttonText = text()
  .trim()
  .min(1, CAMPAIGN_MESSAGES.buttonTextRequired)
  .max(CAMPAIGN_LIMITS.buttonTextMax);

/** A button under the message: open a product or a category in the shop bot, the shop's Mini App, or a link. */
// Every field is also checked on its own: a bad one is named at its own path whatever the kind says (a union
// alone reports only that no kind matched).
export const CampaignButton = z.intersection(
  z.object({
    text: buttonText,
    productId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    url: httpUrl.optional(),
  }),
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('product'), text: buttonText, productId: z.uuid() }),
    z.object({ kind: z.literal('category'), text: buttonText, categoryId: z.uuid() }),
    z.object({ kind: z.literal('shop'), text: buttonText }),
    z.object({ kind: z.literal('url'), text: buttonText, url: httpUrl }),
  ]),
);
export type CampaignButton = z.infer<typeof CampaignButton>;

/** Who receives it: the bot's customers of a segment (or all), optionally narrowed by a search. */
export const CampaignSegment = z.enum(['all', ...CustomerSegment.options]);
export type CampaignSegment = z.infer<typeof CampaignSegment>;

const messageFields = {
  botId: z.uuid(),
  /** Telegram HTML (parse_mode HTML). */
  text: text().trim().min(1, CAMPAIGN_MESSAGES.textRequired),
  /** An http(s) picture Telegram fetches (a media upload's URL, or any public image). */
  photoUrl: httpUrl.nullish(),
  buttons: z
    .array(CampaignButton)
    .max(CAMPAIGN_LIMITS.buttonsMax, CAMPAIGN_MESSAGES.tooManyButtons)
    .default([]),
};

/** Telegram's own checks of a message, made before anything is sent: its formatting and its length. */
function checkMessage(m: { text: string; photoUrl?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (!isTelegramHtml(m.text)) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: CAMPAIGN_MESSAGES.formattingInvalid });
  }
  const max = m.photoUrl ? CAMPAIGN_LIMITS.captionMax : CAMPAIGN_LIMITS.textMax;
  if (visibleLength(m.text) > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['text'],
      message: CAMPAIGN_MESSAGES.textTooLong.replace('{max}', String(max)),
    });
  }
}

/** The message itself: what compose, the preview and a test send share. */
export const CampaignMessage = z.object(messageFields).superRefine(checkMessage);
export type CampaignMessage = z.infer<typeof CampaignMessage>;

export const CreateCampaignBody = z
  .object({
    ...messageFields,
    name: text().trim().max(CAMPAIGN_LIMITS.nameMax).optional(),
    segment: CampaignSegment,
    /** Narrows the segment: name or @username, as the customers list searches. */
    search: text().trim().max(CAMPAIGN_LIMITS.searchMax).optional(),
    /** When to send (ISO, in the future); absent: now. */
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine(checkMessage);
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

export const TestSendBody = CampaignMessage;
export type TestSendBody = z.infer<typeof TestSendBody>;

export const CampaignStatus = z.enum(['scheduled', 'sending', 'completed', 'cancelled']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/**
 * Progress: `total` recipients; `sent` handed to Telegram so far (delivered + failed + blocked);
 * `delivered` accepted by Telegram; `blocked` the customer blocked the bot (marked, skipped next time);
 * `failed` any other refusal.
 */
export const CampaignProgress = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  blocked: z.number().int(),
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

export const Campaign = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  botId: z.uuid(),
  botUsername: z.string(),
  text: z.string(),
  photoUrl: z.string().nullable(),
  buttons: z.array(CampaignButton),
  segment: CampaignSegment,
  search: z.string().nullable(),
  status: CampaignStatus,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  progress: CampaignProgress,
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignList = z.object({ campaigns: z.array(Campaign) });
export type CampaignList = z.infer<typeof CampaignList>;

export const CampaignParams = VendorParams.extend({ campaignId: z.uuid() });
export const CampaignBotParams = VendorParams.extend({ botId: z.uuid() });

export const TestSendResult = z.object({ sent: z.literal(true) });

/** A bot's abandoned-cart reminder: off by default; when on, one message `hours` after a cart is left. */
export const AbandonedCartSettings = z.object({
  enabled: z.boolean(),
  hours: z
    .number()
    .int()
    .min(CAMPAIGN_LIMITS.abandonedCartHoursMin)
    .max(CAMPAIGN_LIMITS.abandonedCartHoursMax),
});
export type AbandonedCartSettings = z.infer<typeof AbandonedCartSettings>;

/** What a campaign's buttons can open in the bot's shop: its products (a search narrows them) and categories. */
export const CampaignTargetsQuery = z.object({
  botId: z.uuid(),
  search: text().trim().max(CAMPAIGN_LIMITS.searchMax).optional(),
});
export type CampaignTargetsQuery = z.infer<typeof CampaignTargetsQuery>;

export const CampaignTargets = z.object({
  /** Active products the bot sells, newest first (at most `targetsMax`). */
  products: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** The vendor's active categories. */
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), icon: z.string().nullable() })),
});
export type CampaignTargets = z.infer<typeof CampaignTargets>;
