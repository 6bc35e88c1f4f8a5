import type { ProductType } from '@app/contracts/catalogue';
import type { DurationUnit, ProductListItem, StockStatus } from '@app/contracts/products';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';

export const TYPE_LABEL: Record<ProductType, MessageKey> = {
  physical: 'products.type.physical',
  digital: 'products.type.digital',
  service: 'products.type.service',
};

export const TYPE_ICON: Record<ProductType, string> = { physical: '📦', digital: '💾', service: '🛎️' };

export const STOCK_STATUS_LABEL: Record<StockStatus, MessageKey> = {
  in_stock: 'products.stockStatus.inStock',
  low_stock: 'products.stockStatus.lowStock',
  out_of_stock: 'products.stockStatus.outOfStock',
  available: 'products.stockStatus.available',
};

export function durationText(duration: number, unit: DurationUnit | null): string {
  return t(`products.duration.${unit ?? 'hours'}`, { count: duration });
}

/** Spec §2.1: 'N units' (physical), 'N left' (digital), 'N slots' (service). */
export function stockText(item: Pick<ProductListItem, 'productType' | 'stock'>): string {
  if (item.productType === 'digital') return t('products.stock.left', { count: item.stock });
  if (item.productType === 'service') return t('products.stock.slots', { count: item.stock });
  return t('products.stock.units', { count: item.stock });
}

/** An option list from an enum and its catalogue prefix. */
export function enumOptions<T extends string>(values: readonly T[], prefix: string) {
  return values.map((value) => ({ value, label: t(`${prefix}.${value}` as MessageKey) }));
}
