import type { CodePoolCounts } from '@app/contracts/products';
import { useWatch } from 'react-hook-form';
import { useI18n } from '../../../../i18n/i18n';
import { isLowStock } from '../../lib/product-rules';
import { NumberField, ToggleField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function InventorySection({ form, pool }: SectionProps & { pool?: CodePoolCounts | null }) {
  const { t, formatNumber } = useI18n();
  const { control } = form;
  const [type, stock, minStock, variations, trackInventory] = useWatch({
    control,
    name: ['productType', 'stock', 'minStock', 'physical.variations', 'trackInventory'],
  });
  const variationStock = (variations ?? [])
    .flatMap((v) => v.values)
    .reduce((sum, v) => sum + (v.stock ?? 0), 0);
  const hasVariations = type === 'physical' && (variations ?? []).length > 0;
  return (
    <Section>
      <ToggleField control={control} name="trackInventory" label={t('products.field.trackInventory')} />
      {hasVariations ? (
        <p className={styles.muted}>
          {t('products.field.stockFromVariations', { count: formatNumber(variationStock) })}
        </p>
      ) : pool ? (
        <p className={styles.muted}>
          {t('products.field.stockFromCodes', { count: formatNumber(pool.available) })}
        </p>
      ) : trackInventory !== false ? (
        <NumberField control={control} name="stock" label={t('products.field.stock')} />
      ) : null}
      <NumberField control={control} name="minStock" label={t('products.field.minStock')} />
      {!hasVariations && isLowStock(stock, minStock ?? 5) ? (
        <p className={styles.warning} role="status">
          {t('products.field.lowStockWarning', { min: formatNumber(minStock ?? 5) })}
        </p>
      ) : null}
      <ToggleField control={control} name="allowBackorder" label={t('products.field.allowBackorder')} />
      {type === 'physical' ? (
        <NumberField control={control} name="physical.maxPerOrder" label={t('products.field.maxPerOrder')} />
      ) : null}
    </Section>
  );
}
