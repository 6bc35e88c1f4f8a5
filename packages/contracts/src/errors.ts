import { z } from 'zod';
import { BOT_MESSAGES } from './bots';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from './media';
import { PAYMENT_MESSAGES } from './payments';
import { SETTINGS_MESSAGES } from './settings';

/**
 * Every error the API answers: its HTTP status and its default text. One place for both; a new code is added
 * here and nowhere else. A thrower may give a more specific text (the spec's words for that case).
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed %-escape.' },
  UNAUTHENTICATED: { status: 401, message: 'Sign in to continue.' },
  INIT_DATA_INVALID: { status: 401, message: 'Telegram init data failed verification.' },
  TOKEN_INVALID: { status: 401, message: 'The access token is invalid or has expired.' },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'The session has ended. Sign in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this vendor.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  VENDOR_NOT_FOUND: { status: 404, message: 'No vendor is registered for this Telegram account.' },
  VENDOR_ALREADY_REGISTERED: {
    status: 409,
    message: 'A vendor is already registered for this Telegram account.',
  },
  BOT_NOT_FOUND: { status: 404, message: 'Bot not found.' },
  BOT_TOKEN_INVALID: { status: 400, message: BOT_MESSAGES.tokenUnknown },
  BOT_TOKEN_MISMATCH: { status: 400, message: 'This token belongs to a different bot.' },
  BOT_TOKEN_ALREADY_REGISTERED: { status: 409, message: BOT_MESSAGES.tokenAlreadyRegistered },
  BOT_USERNAME_TAKEN: { status: 409, message: BOT_MESSAGES.usernameTaken },
  FREE_PLAN_NOT_AVAILABLE: { status: 400, message: BOT_MESSAGES.freePlanFirstBotOnly },
  SUBSCRIPTION_EXPIRED: { status: 400, message: BOT_MESSAGES.subscriptionExpired },
  WEBHOOK_SECRET_INVALID: { status: 401, message: 'Unauthorized' },
  SHOP_CLOSED: { status: 403, message: 'This shop is closed for now' },
  CART_SOLD_OUT: { status: 409, message: 'This product is sold out.' },
  /** `details.max`: the most of it one order can hold. */
  CART_LIMIT_REACHED: { status: 409, message: 'The cart holds all of this product that one order can take.' },
  CART_OPTIONS_NEEDED: { status: 409, message: 'Choose this product’s options in the chat.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'A part of the address is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again shortly.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request address or headers are too large.' },
  TELEGRAM_ERROR: { status: 502, message: 'Telegram refused the request.' },
  TELEGRAM_UNAVAILABLE: { status: 503, message: 'Telegram could not be reached. Try again shortly.' },
  FILTER_WORD_EXISTS: { status: 409, message: SETTINGS_MESSAGES.filterWordExists },
  FILTER_WORD_NOT_FOUND: { status: 404, message: 'Filter word not found.' },
  SHIPPING_METHOD_NOT_FOUND: { status: 404, message: 'Shipping method not found.' },
  PAYMENT_PROVIDER_NOT_CONFIGURED: { status: 400, message: SETTINGS_MESSAGES.providerNotConfigured },
  PAYMENT_PROVIDER_TOKEN_REFUSED: { status: 400, message: SETTINGS_MESSAGES.providerTokenRefused },
  PAYMENT_PROVIDER_LOCKED: { status: 400, message: SETTINGS_MESSAGES.starsAlwaysOn },
  BOT_NOT_RUNNING: { status: 400, message: SETTINGS_MESSAGES.botNotRunning },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The database is not reachable.' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found.' },
  ORDER_STATUS_NOT_ALLOWED: {
    status: 409,
    message: 'The order cannot move to this status. details.allowed lists the moves it can make.',
  },
  CUSTOMER_NOT_FOUND: {
    status: 404,
    message: "The customer you're looking for doesn't exist or has been removed.",
  },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found.' },
  PAYMENT_NOT_REFUNDABLE: {
    status: 409,
    message: 'Only a completed Telegram Stars payment can be refunded.',
  },
  INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found.' },
  INSUFFICIENT_BALANCE: { status: 402, message: 'Insufficient balance.' },
  WALLET_BALANCE_INVALID: { status: 409, message: PAYMENT_MESSAGES.negativeBalance },
  SUBSCRIPTION_NOT_CANCELLABLE: { status: 409, message: 'This subscription cannot be cancelled.' },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: PAYMENT_MESSAGES.urlFailed },
  PAYMENT_INVOICE_FAILED: { status: 502, message: PAYMENT_MESSAGES.invoiceFailed },
  IPN_SIGNATURE_INVALID: { status: 401, message: 'Invalid signature.' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found.' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found.' },
  SUBCATEGORY_NOT_FOUND: { status: 404, message: 'Subcategory not found.' },
  PRODUCT_SKU_TAKEN: { status: 409, message: 'Another product already has this SKU.' },
  PRODUCT_SLUG_TAKEN: { status: 409, message: 'Another product already has this URL slug.' },
  PRODUCT_LIMIT_REACHED: { status: 403, message: "The bot's plan allows no more products." },
  PRODUCT_NOT_CODE_POOL: { status: 400, message: 'This product does not sell from a code pool.' },
  PRODUCT_NOT_SERVICE: { status: 400, message: 'This product is not a service.' },
  CODES_UNAVAILABLE: { status: 409, message: 'Not enough codes are left for this product.' },
  STOCK_UNAVAILABLE: { status: 409, message: 'Not enough of this product is left in stock.' },
  SLOT_UNAVAILABLE: { status: 409, message: 'This time slot is no longer available.' },
  ORDER_LIMIT_REACHED: { status: 403, message: "The bot's plan allows no more orders this month." },
  CATEGORY_NOT_EMPTY: { status: 409, message: 'This category still has products.' },
  SUBCATEGORY_NOT_EMPTY: { status: 409, message: 'This subcategory still has products.' },
  IMPORT_NOT_FOUND: { status: 404, message: 'Import not found.' },
  MEDIA_INVALID: { status: 400, message: MEDIA_MESSAGES.invalidFile },
  MEDIA_FILE_TOO_LARGE: { status: 413, message: MEDIA_MESSAGES.fileTooLarge },
  MEDIA_NOT_FOUND: { status: 404, message: 'Image not found.' },
  PRODUCT_IMAGES_LIMIT: {
    status: 409,
    message: MEDIA_MESSAGES.tooManyImages(MEDIA_LIMITS.maxImagesPerProduct),
  },
  ORDER_NOT_REFUNDABLE: { status: 409, message: 'Only a paid order can be refunded.' },
  DOWNLOAD_NOT_FOUND: { status: 404, message: 'This download link is not valid.' },
  DOWNLOAD_EXPIRED: { status: 410, message: 'This download link has expired.' },
  DOWNLOAD_LIMIT_REACHED: { status: 410, message: 'This download link has been used as often as it allows.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
