import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account';
import { BILLING_MESSAGES } from './billing';
import { BOT_MESSAGES } from './bots';
import { MEDIA_MESSAGES } from './media';
import { PAYMENT_MESSAGES } from './payments';
import { SETTINGS_MESSAGES } from './settings';

/**
 * Every error the API answers: its HTTP status and its English text (the spec's words). One place for both; a
 * new code is added here and nowhere else. Services throw a code with `details` (values, limits), never a
 * sentence; the server renders the text from the details, the web app words the code from its own catalogue.
 *
 * A text may hold placeholders filled from `details`:
 * - `{name}`: the value as it is (a list joined with ', ');
 * - `{name:number}`: a number grouped the en-US way ("1,000");
 * - `{name:usd}`: minor units of US dollars ("$29.00");
 * - `{name|one|other}`: `one` when the value is 1, else `other` (English plurals).
 *
 * `answersAs`: a case of an older, wider code. It is thrown by its own name for its own text, but the API answers
 * the wider code, which clients and tests already read (e.g. 'Your permissions do not allow this.' is FORBIDDEN).
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed %-escape.' },
  UNAUTHENTICATED: { status: 401, message: 'Sign in to continue.' },
  /** The signature does not match; the other INIT_DATA_* codes are its cases (`details.reason` says which). */
  INIT_DATA_INVALID: { status: 401, message: 'Telegram init data failed verification.' },
  INIT_DATA_MISSING: {
    status: 401,
    message: 'Telegram init data is missing. Open the app from Telegram.',
    answersAs: 'INIT_DATA_INVALID',
  },
  INIT_DATA_MALFORMED: {
    status: 401,
    message: 'Telegram init data is malformed.',
    answersAs: 'INIT_DATA_INVALID',
  },
  INIT_DATA_EXPIRED: {
    status: 401,
    message: 'Telegram init data has expired. Reopen the app from Telegram.',
    answersAs: 'INIT_DATA_INVALID',
  },
  INIT_DATA_FROM_FUTURE: {
    status: 401,
    message: 'Telegram init data is dated in the future. Check the device clock and reopen the app.',
    answersAs: 'INIT_DATA_INVALID',
  },
  INIT_DATA_NO_USER: {
    status: 401,
    message: 'Telegram init data carries no user.',
    answersAs: 'INIT_DATA_INVALID',
  },
  INIT_DATA_BAD_USER: {
    status: 401,
    message: 'Telegram init data carries a user without a valid id or name.',
    answersAs: 'INIT_DATA_INVALID',
  },
  TOKEN_INVALID: { status: 401, message: 'The access token is invalid or has expired.' },
  DOWNLOAD_TOKEN_INVALID: {
    status: 401,
    message: 'This download link is invalid or has expired.',
    answersAs: 'TOKEN_INVALID',
  },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'The session has ended. Sign in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this vendor.' },
  /** `details.permission` (the route's) or `details.botScope`. */
  PERMISSION_DENIED: { status: 403, message: 'Your permissions do not allow this.', answersAs: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** A key that is malformed, unknown, revoked, expired, or for another vendor: one answer for all of them. */
  API_KEY_INVALID: { status: 401, message: 'The API key is invalid, revoked or expired.' },
  /** `details.route`: account, staff, key, payout and security routes never take a key. */
  API_KEY_NOT_ALLOWED: { status: 403, message: 'This route cannot be called with an API key.' },
  /** `details.permission`: read, write or delete, which the key lacks for this method. */
  API_KEY_PERMISSION_DENIED: {
    status: 403,
    message: 'This API key does not have the {permission} permission.',
  },
  API_PLAN_REQUIRED: {
    status: 403,
    message: 'API access is part of the Enterprise plan: none of this key’s bots is on it.',
  },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found.' },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook not found.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Delivery not found.' },
  /** `details.field` ('url') and `details.reason`: https required, a private address, not resolvable. */
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: 'This webhook URL is not allowed: {reason}.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route {method} {path} not found', answersAs: 'NOT_FOUND' },
  FILE_NOT_FOUND: { status: 404, message: 'File not found.' },
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
  /** The bot is in maintenance (its bot page's switch): it takes no orders until it is turned off. */
  FAQ_NOT_FOUND: { status: 404, message: 'FAQ not found.' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found.' },
  CANNED_REPLY_NOT_FOUND: { status: 404, message: 'Canned reply not found.' },
  CONVERSATION_REOPEN_CONFLICT: {
    status: 409,
    message: 'The customer has a newer open conversation with this bot: answer there.',
  },
  CONVERSATION_CLOSED: { status: 409, message: 'This conversation is closed. Reopen it to reply.' },
  SUPPORT_ASSIGNEE_INVALID: { status: 400, message: 'That person does not handle support for this bot.' },
  CANNED_REPLIES_LIMIT: { status: 400, message: 'A bot holds up to {max} canned replies.' },
  /** `details.max`: how many FAQs a store keeps. */
  FAQS_LIMIT_REACHED: { status: 409, message: 'A store keeps up to {max} FAQs.' },
  SHOP_MAINTENANCE: { status: 503, message: 'This shop is under maintenance. We’ll be back soon!' },
  CART_SOLD_OUT: { status: 409, message: 'This product is sold out.' },
  /** `details.max`: the most of it one order can hold. */
  CART_LIMIT_REACHED: { status: 409, message: 'The cart holds all of this product that one order can take.' },
  CART_OPTIONS_NEEDED: { status: 409, message: 'Choose this product’s options first.' },
  CART_OPTION_NOT_FOUND: { status: 404, message: 'This option of the product is not sold.' },
  CART_EMPTY: { status: 400, message: 'The cart has nothing to check out.' },
  QUANTITY_INVALID: { status: 400, message: 'Quantity must be at least 1' },
  /** `details.max`, `details.productName`, `details.productId`. */
  ORDER_QUANTITY_LIMIT: { status: 400, message: 'At most {max} of {productName} per order.' },
  ORDER_CURRENCY_MIXED: { status: 400, message: 'One order takes one currency.' },
  SERVICE_BOOKED_ALONE: { status: 400, message: 'A service is booked alone, at a chosen slot.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'A part of the address is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  /** `details.retryAfterS`: the seconds until the caller may try again. */
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again in {retryAfterS} s.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request address or headers are too large.' },
  /** `details.description`: Telegram's own words; `details.telegramErrorCode` where known. */
  TELEGRAM_ERROR: { status: 502, message: 'Telegram refused the request: {description}' },
  TELEGRAM_REFUND_REFUSED: {
    status: 502,
    message: 'Telegram refused the refund: {description}',
    answersAs: 'TELEGRAM_ERROR',
  },
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
  /** The S3-compatible storage of uploads cannot be reached: nothing of the upload was kept. */
  STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'File storage is not reachable. Nothing was saved: try again shortly.',
  },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found.' },
  /** `details`: the order's `number`, `from`, `to`, and the moves it can make (`allowed`). */
  ORDER_STATUS_NOT_ALLOWED: {
    status: 409,
    message: 'Order {number} cannot move from {from} to {to}. Allowed: {allowed}.',
  },
  ORDER_STATUS_FINAL: {
    status: 409,
    message: 'Order {number} is {from}: it cannot change status any more.',
    answersAs: 'ORDER_STATUS_NOT_ALLOWED',
  },
  ORDER_ITEMS_REQUIRED: { status: 400, message: 'An order needs at least one item.' },
  TRACKING_NUMBER_NOT_ALLOWED: {
    status: 400,
    message: 'A tracking number is only kept when the order moves to shipped.',
  },
  TRACKING_NUMBER_REQUIRED: {
    status: 400,
    message: 'Add a tracking number to mark the order shipped.',
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
  /** `details.priceMinor`, `details.balanceMinor`: US cents. */
  INSUFFICIENT_BALANCE: {
    status: 402,
    message: 'Insufficient balance. You need {priceMinor:usd} but only have {balanceMinor:usd}.',
  },
  WALLET_BALANCE_INVALID: { status: 409, message: PAYMENT_MESSAGES.negativeBalance },
  SUBSCRIPTION_NOT_CANCELLABLE: { status: 409, message: 'This subscription cannot be cancelled.' },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: PAYMENT_MESSAGES.urlFailed },
  /** No crypto provider is configured on this server: not the provider failing, a rail that is off. */
  LITECOIN_UNAVAILABLE: { status: 503, message: 'Litecoin payments are not available right now.' },
  PAYMENT_INVOICE_FAILED: { status: 502, message: PAYMENT_MESSAGES.invoiceFailed },
  IPN_SIGNATURE_INVALID: { status: 401, message: 'Invalid signature.' },
  // Billing (modules/billing): the vendor's payment methods.
  CARD_PROVIDER_UNAVAILABLE: { status: 503, message: 'Cards are not available.' },
  CARD_NOT_RECOGNISED: { status: 400, message: 'The card provider does not know this card.' },
  CARD_EXPIRED: { status: 400, message: 'This card has expired.' },
  /** `details.type`: the method saved already. */
  PAYMENT_METHOD_EXISTS: { status: 409, message: 'This payment method is saved already.' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'Payment method not found.' },
  PAYMENT_METHOD_IS_DEFAULT: { status: 409, message: BILLING_MESSAGES.cannotRemove },
  /** `details.field`: the payout detail that failed its format or checksum (iban, swift, routingNumber, …). */
  PAYOUT_DETAILS_INVALID: { status: 400, message: 'The payout detail "{field}" is not valid.' },
  PAYOUT_NOT_FOUND: { status: 404, message: 'Payout not found.' },
  /** `details.feeMinor`: the payout does not cover its own fee. */
  PAYOUT_BELOW_FEE: { status: 400, message: 'The payout must be more than its fee of {feeMinor:usd}.' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found.' },
  REVIEW_NOT_FOUND: { status: 404, message: 'Review not found.' },
  /** A review for a line the customer did not buy, or of an order not completed yet. */
  REVIEW_NOT_ALLOWED: {
    status: 400,
    message: 'Only the customer who bought it may review it, once the order is completed.',
  },
  REVIEW_EXISTS: { status: 400, message: 'This purchase has already been reviewed.' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found.' },
  SUBCATEGORY_NOT_FOUND: { status: 404, message: 'Subcategory not found.' },
  PRODUCT_SKU_TAKEN: { status: 409, message: 'Another product already has this SKU.' },
  PRODUCT_SLUG_TAKEN: { status: 409, message: 'Another product already has this URL slug.' },
  /** `details`: botId, botUsername, plan, limit, upgradePath. */
  PRODUCT_LIMIT_REACHED: {
    status: 403,
    message:
      "@{botUsername} is on the {plan} plan, which allows up to {limit:number} products. Upgrade the bot's plan in Subscriptions to add more.",
  },
  PRODUCT_ALL_BOTS_FORBIDDEN: {
    status: 403,
    message: 'Choose the bots you manage: you cannot sell through every bot.',
  },
  PRODUCT_NOT_ON_ANY_BOT: {
    status: 404,
    message: 'The product is not sold through any bot yet.',
    answersAs: 'BOT_NOT_FOUND',
  },
  IMAGE_NOT_FOUND: { status: 404, message: 'An image was not found.' },
  CODE_NOT_FOUND: { status: 404, message: 'Code not found.' },
  /** `details.max`: the longest a code may be. */
  CODE_TOO_LONG: { status: 400, message: 'Each code must be at most {max} characters' },
  /** `details.maxDays`: the widest range of days one call may ask for. */
  SLOTS_RANGE_INVALID: {
    status: 400,
    message: "Ask for 0 to {maxDays} days: 'to' must not be before 'from'.",
  },
  IMPORT_NEEDS_ALL_BOTS: { status: 403, message: 'Only callers on every bot can import a catalogue.' },
  PRODUCT_NOT_CODE_POOL: { status: 400, message: 'This product does not sell from a code pool.' },
  PRODUCT_NOT_SERVICE: { status: 400, message: 'This product is not a service.' },
  CODES_UNAVAILABLE: { status: 409, message: 'Not enough codes are left for this product.' },
  STOCK_UNAVAILABLE: { status: 409, message: 'Not enough of this product is left in stock.' },
  SLOT_UNAVAILABLE: { status: 409, message: 'This time slot is no longer available.' },
  ORDER_LIMIT_REACHED: { status: 403, message: "The bot's plan allows no more orders this month." },
  /** `details.productCount`. */
  CATEGORY_NOT_EMPTY: {
    status: 409,
    message:
      'This category still has {productCount} {productCount|product|products}. Move them to another category first.',
  },
  /** `details.productCount`. */
  SUBCATEGORY_NOT_EMPTY: {
    status: 409,
    message: 'This subcategory still has {productCount} {productCount|product|products}. Move them first.',
  },
  CATEGORY_HOLDS_OTHERS_PRODUCTS: {
    status: 403,
    message: 'It also holds products of bots you do not manage.',
  },
  IMPORT_NOT_FOUND: { status: 404, message: 'Import not found.' },
  MEDIA_INVALID: { status: 400, message: MEDIA_MESSAGES.invalidFile },
  MEDIA_FILE_TOO_LARGE: { status: 413, message: MEDIA_MESSAGES.fileTooLarge },
  MEDIA_FILE_REQUIRED: { status: 400, message: MEDIA_MESSAGES.fileRequired },
  MEDIA_NOT_FOUND: { status: 404, message: 'Image not found.' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'Upload not found.', answersAs: 'MEDIA_NOT_FOUND' },
  MEDIA_ORDER_INVALID: { status: 400, message: "The new order must list each of the product's images once." },
  /** `details.max`: the most images one product holds. */
  PRODUCT_IMAGES_LIMIT: { status: 409, message: MEDIA_MESSAGES.tooManyImages },
  ORDER_NOT_REFUNDABLE: { status: 409, message: 'Only a paid order can be refunded.' },
  ORDER_NOT_HELD: {
    status: 409,
    message: 'This order holds nothing to release: its delivery was sent or it is not paid.',
  },
  DOWNLOAD_NOT_FOUND: { status: 404, message: 'This download link is not valid.' },
  DOWNLOAD_EXPIRED: { status: 410, message: 'This download link has expired.' },
  DOWNLOAD_LIMIT_REACHED: { status: 410, message: 'This download link has been used as often as it allows.' },
  // Staff (spec part 2 §5.5 words the permission rule; the rest are ours).
  STAFF_NOT_FOUND: { status: 404, message: 'Staff member not found.' },
  STAFF_ALREADY_ADDED: { status: 409, message: 'This Telegram account is already on your team.' },
  STAFF_ALREADY_JOINED: {
    status: 409,
    message: 'This staff member has already joined: no invite is needed.',
  },
  STAFF_IS_OWNER: {
    status: 409,
    message: 'This Telegram account owns the store: it already has full access.',
  },
  STAFF_NO_PERMISSIONS: { status: 400, message: 'Staff member must have at least one permission' },
  STAFF_FULL_ACCESS_ALONE: {
    status: 400,
    message: 'Full Access stands alone: it already includes every other permission.',
  },
  /** A Full Access member may not revoke or narrow their own seat while no other member holds Full Access. */
  STAFF_LAST_FULL_ACCESS: {
    status: 409,
    message: 'You are the last staff member with Full Access: give it to someone else first.',
  },
  /** `details.botScope`: the caller tried to grant bots beyond their own. */
  STAFF_GRANT_EXCEEDS_OWN: {
    status: 403,
    message: 'You can only give access to the bots you manage yourself.',
    answersAs: 'FORBIDDEN',
  },
  INVITE_NOT_FOUND: { status: 404, message: 'This invite link is not valid or has already been used.' },
  INVITE_EXPIRED: { status: 410, message: 'This invite link has expired. Ask for a new one.' },
  INVITE_WRONG_ACCOUNT: {
    status: 403,
    message: 'This invite is for another Telegram account. Open it from the account it was sent to.',
  },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'You have no access to this account.' },
  // Account: sessions, two-step confirmation (modules/security), the danger zone.
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found.' },
  SESSION_IS_CURRENT: { status: 409, message: 'This is the session you are using: sign out instead.' },
  TWO_STEP_CODE_INVALID: { status: 400, message: ACCOUNT_MESSAGES.codeInvalid },
  /** `details.retryAfterS`: seconds until codes are taken again. */
  TWO_STEP_LOCKED: { status: 429, message: 'Too many wrong codes. Try again in {retryAfterS} s.' },
  TWO_STEP_NOT_SET_UP: { status: 409, message: 'Set up two-step confirmation first.' },
  TWO_STEP_ALREADY_ON: { status: 409, message: 'Two-step confirmation is already on.' },
  TWO_STEP_OFF: { status: 409, message: 'Two-step confirmation is off.' },
  /** A biometric step-up whose secret does not match a device the caller bound (counted as a wrong code). */
  BIOMETRIC_TOKEN_INVALID: {
    status: 400,
    message: 'Face ID / fingerprint could not confirm it on this device. Enter the code instead.',
  },
  BIOMETRIC_DEVICE_NOT_FOUND: {
    status: 404,
    message: 'This device is not bound for biometric confirmation.',
  },
  /** A sensitive action while two-step confirmation is on, without a fresh code in this session. */
  STEP_UP_REQUIRED: { status: 403, message: 'Enter your two-step confirmation code to continue.' },
  // The profile's new e-mail and the code sent to it (modules/profile).
  EMAIL_CODE_INVALID: { status: 400, message: 'The code is not right. Check the e-mail and try again.' },
  EMAIL_CODE_EXPIRED: { status: 410, message: 'This code has expired. Send a new one.' },
  EMAIL_CODE_LOCKED: { status: 429, message: 'Too many wrong codes. Send a new one.' },
  EMAIL_NOT_PENDING: { status: 409, message: 'There is no e-mail address waiting for a code.' },
  /** `details.retryAfterS`: seconds until another code may be sent. */
  EMAIL_CODE_TOO_SOON: { status: 429, message: 'Wait {retryAfterS} s before sending another code.' },
  EMAIL_SEND_FAILED: { status: 503, message: 'The e-mail could not be sent. Try again later.' },
  PUSH_UNAVAILABLE: { status: 409, message: 'Push notifications are not set up on this server.' },
  /** `details.reason`: why the push service's address is refused (https required, private address). */
  PUSH_ENDPOINT_NOT_ALLOWED: { status: 400, message: 'This push service address is not allowed.' },
  EXPORT_NO_DATA_SELECTED: { status: 400, message: 'No Data Selected' },
  /** `details.from`, `details.to`: a custom range that ends before it starts. */
  EXPORT_RANGE_INVALID: { status: 400, message: 'The start date must not be after the end date.' },
  /** `details.nextAllowedAt`: when the next export may be requested (ISO). */
  EXPORT_TOO_SOON: {
    status: 429,
    message: 'One export per 24 hours. The next is allowed at {nextAllowedAt}.',
  },
  EXPORT_NOT_FOUND: { status: 404, message: 'Export not found.' },
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found.' },
  /** The bot and segment (and search) chosen reach no customer who may receive promotions. */
  CAMPAIGN_NO_AUDIENCE: {
    status: 400,
    message: 'No customer of this bot matches the audience (or all of them opted out or blocked the bot).',
  },
  CAMPAIGN_SCHEDULE_IN_PAST: { status: 400, message: 'The schedule must be in the future.' },
  /** `details.index`: a button opens a product the campaign's bot does not sell (another vendor's, archived…). */
  CAMPAIGN_PRODUCT_NOT_IN_BOT: {
    status: 400,
    message: 'A button opens a product this bot does not sell.',
  },
  /** `details.index`: a button opens a category that is not one of the vendor's active categories. */
  CAMPAIGN_CATEGORY_NOT_FOUND: {
    status: 400,
    message: 'A button opens a category that is not in this shop.',
  },
  /** Cancelling a campaign that has already finished or was cancelled. */
  CAMPAIGN_FINISHED: { status: 409, message: 'This campaign has already finished.' },
  /** Sending needs both the customers and the support permission (or Full Access). */
  CAMPAIGN_PERMISSION_DENIED: {
    status: 403,
    message: 'Sending campaigns needs the customers and support permissions.',
    answersAs: 'FORBIDDEN',
  },
  /** A test send goes to the caller's own chat with the bot: they must have started it first. */
  CAMPAIGN_TEST_UNREACHABLE: {
    status: 400,
    message: 'Telegram could not deliver the test: open the bot and press Start first, then try again.',
  },
} as const satisfies Record<string, ErrorEntry>;

type ErrorEntry = { status: number; message: string; answersAs?: string };

/** Every code a service may throw. */
export type ErrorCode = keyof typeof ERRORS;

/** Every code a service may throw; the API answers these, or the wider code a case `answersAs`. */
export const ErrorCode = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

/** The code the API answers for a thrown code: its own, or the wider one it is a case of. */
export function answeredCode(code: ErrorCode): ErrorCode {
  const entry: ErrorEntry = ERRORS[code];
  return (entry.answersAs as ErrorCode | undefined) ?? code;
}

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
