import { t } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics, showAlert } from '../../../lib/telegram/bridge';

/** The product count a delete was refused for (CATEGORY_NOT_EMPTY, SUBCATEGORY_NOT_EMPTY); null for other errors. */
export function productCountOf(error: unknown): number | null {
  if (!isApiError(error)) return null;
  if (error.code !== 'CATEGORY_NOT_EMPTY' && error.code !== 'SUBCATEGORY_NOT_EMPTY') return null;
  const details = error.details as { productCount?: unknown } | undefined;
  return typeof details?.productCount === 'number' ? details.productCount : 0;
}

/**
 * Spec §8: a failed create, rename or delete gets an error haptic and a console log, nothing else. A delete
 * refused because products still use the category says how many.
 */
export function reportCategoryError(error: unknown, name: string): void {
  haptics.error();
  console.error('Category change failed', error);
  const count = productCountOf(error);
  if (count !== null) void showAlert(t('categories.deleteBlocked', { name, count }));
}
