import { PRODUCT_MESSAGES } from '@app/contracts/products';
import type { ContractMessages } from '../../../components/ui/form/zod-form';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';

/** The contract's product texts → catalogue keys (see useZodForm). */
export const PRODUCT_MESSAGE_KEYS: ContractMessages = {
  [PRODUCT_MESSAGES.requiredFields]: 'products.form.requiredFields',
  [PRODUCT_MESSAGES.nameRequired]: 'products.messages.nameRequired',
  [PRODUCT_MESSAGES.priceRequired]: 'products.messages.priceRequired',
  [PRODUCT_MESSAGES.categoryRequired]: 'products.messages.categoryRequired',
  [PRODUCT_MESSAGES.stockRequired]: 'products.messages.stockRequired',
  [PRODUCT_MESSAGES.fileRequired]: 'products.messages.fileRequired',
  [PRODUCT_MESSAGES.keysRequired]: 'products.messages.keysRequired',
  [PRODUCT_MESSAGES.durationRequired]: 'products.messages.durationRequired',
  [PRODUCT_MESSAGES.addressRequired]: 'products.messages.addressRequired',
  [PRODUCT_MESSAGES.shortDescriptionMax]: 'products.messages.shortDescriptionTooLong',
};

/** A contract text (a field message from the server, say) in the user's language; unknown texts as they came. */
export function translateProductMessage(text: string): string {
  const key = PRODUCT_MESSAGE_KEYS[text];
  return key ? t(key) : text;
}

/** The codes the products screens word, each with its catalogue key. */
const PRODUCT_ERRORS = {
  NETWORK_ERROR: 'products.errors.network',
  PRODUCT_NOT_FOUND: 'products.errors.notFound',
  PRODUCT_SKU_TAKEN: 'products.errors.skuTaken',
  PRODUCT_SLUG_TAKEN: 'products.errors.slugTaken',
  CATEGORY_NOT_FOUND: 'products.errors.categoryNotFound',
  SUBCATEGORY_NOT_FOUND: 'products.errors.categoryNotFound',
  PRODUCT_LIMIT_REACHED: 'products.errors.limitReached',
  PRODUCT_ALL_BOTS_FORBIDDEN: 'products.errors.allBotsForbidden',
  IMAGE_NOT_FOUND: 'products.errors.imageNotFound',
  IMPORT_NEEDS_ALL_BOTS: 'products.errors.importNeedsAllBots',
} as const satisfies DescribeErrorOptions['codes'];

/** A failed products call in the user's language: a known code or field text from the catalogue, else `fallback`. */
export const describeProductError = (error: unknown, fallback: MessageKey) =>
  describeError(error, { codes: PRODUCT_ERRORS, texts: PRODUCT_MESSAGE_KEYS, fallback });

/** The form field a server refusal is about, so the message shows under it. */
export function fieldOfError(error: unknown): 'sku' | 'urlSlug' | 'categoryId' | null {
  if (!isApiError(error)) return null;
  if (error.code === 'PRODUCT_SKU_TAKEN') return 'sku';
  if (error.code === 'PRODUCT_SLUG_TAKEN') return 'urlSlug';
  if (error.code === 'CATEGORY_NOT_FOUND' || error.code === 'SUBCATEGORY_NOT_FOUND') return 'categoryId';
  return null;
}
