import { CURRENCIES, PRODUCT_LIMITS } from '@app/contracts/products';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { profitMargin } from '../../lib/product-rules';
import { ChoiceField, MoneyField, NumberField, ToggleField } from './product-fields';
import styles from './product-form.module.css';
import type { ProductControl } from './product-form-values';
import { Section, type SectionProps } from './section';

export function PricingSection({ form, withTax = false }: SectionProps & { withTax?: boolean }) {
  const { t, formatMoney, formatNumber } = useI18n();
  const { control } = form;
  const [currency, price, cost] = useWatch({ control, name: ['currency', 'price', 'costPrice'] });
  const code = currency ?? 'USD';
  const margin = profitMargin(
    typeof price === 'number' && Number.isFinite(price) ? price : null,
    typeof cost === 'number' && Number.isFinite(cost) ? cost : null,
  );
  return (
    <Section>
      <ChoiceField
        control={control}
        name="currency"
        label={t('products.field.currency')}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
      />
      <MoneyField control={control} name="price" label={t('products.field.price')} currency={code} />
      <div className={styles.row}>
        <MoneyField
          control={control}
          name="comparePrice"
          label={t('products.field.comparePrice')}
          currency={code}
        />
        <MoneyField
          control={control}
          name="costPrice"
          label={t('products.field.costPrice')}
          currency={code}
        />
      </div>
      {margin ? (
        <p className={styles.margin} data-testid="profit-margin">
          {t('products.field.profitMargin')}:{' '}
          {t('products.field.profitMarginValue', {
            amount: formatMoney(margin.amount, code),
            percent: formatNumber(Math.round(margin.percent * 10) / 10),
          })}
        </p>
      ) : null}
      {withTax ? (
        <>
          <NumberField control={control} name="taxRate" label={t('products.field.taxRate')} decimals />
          <ToggleField control={control} name="taxInclusive" label={t('products.field.taxInclusive')} />
        </>
      ) : null}
      <BulkPricing control={control} currency={code} />
    </Section>
  );
}

function BulkPricing({ control, currency }: { control: ProductControl; currency: string }) {
  const { t } = useI18n();
  const tiers = useFieldArray({ control, name: 'bulkPricing' });
  const types = useWatch({ control, name: 'bulkPricing' }) ?? [];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('products.field.bulkPricing')}</legend>
      {tiers.fields.map((tier, index) => (
        <div key={tier.id} className={styles.group}>
          <div className={styles.row}>
            <NumberField
              control={control}
              name={`bulkPricing.${index}.minQuantity`}
              label={t('products.field.minQuantity')}
            />
            <NumberField
              control={control}
              name={`bulkPricing.${index}.maxQuantity`}
              label={t('products.field.maxQuantity')}
            />
          </div>
          <div className={styles.row}>
            <ChoiceField
              control={control}
              name={`bulkPricing.${index}.type`}
              label={t('products.field.tierType')}
              options={enumOptions(['fixed', 'percentage'] as const, 'products.tierType')}
            />
            {types[index]?.type === 'fixed' ? (
              <MoneyField
                control={control}
                name={`bulkPricing.${index}.value`}
                label={t('products.field.tierValue')}
                currency={currency}
              />
            ) : (
              <NumberField
                control={control}
                name={`bulkPricing.${index}.value`}
                label={`${t('products.field.tierValue')} (%)`}
                decimals
              />
            )}
          </div>
          <Button variant="plain" className={styles.remove} onClick={() => tiers.remove(index)}>
            {t('products.field.removeTier', { n: index + 1 })}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          tiers.append({ minQuantity: 10, maxQuantity: undefined, type: 'percentage', value: 5 })
        }
        disabled={tiers.fields.length >= PRODUCT_LIMITS.bulkTiersMax}
      >
        {t('products.field.addTier')}
      </Button>
    </fieldset>
  );
}
