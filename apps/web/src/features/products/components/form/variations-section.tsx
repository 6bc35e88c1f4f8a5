import { PRODUCT_LIMITS, VariationType } from '@app/contracts/products';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ChoiceField, MoneyField, NumberField, OptionalTextField } from './product-fields';
import styles from './product-form.module.css';
import type { ProductControl } from './product-form-values';
import { Section, type SectionProps } from './section';

export function VariationsSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  const variations = useFieldArray({ control, name: 'physical.variations' });
  const currency = useWatch({ control, name: 'currency' }) ?? 'USD';
  return (
    <Section title={t('products.field.variations')}>
      {variations.fields.map((variation, index) => (
        <div key={variation.id} className={styles.group}>
          <ChoiceField
            control={control}
            name={`physical.variations.${index}.type`}
            label={t('products.field.variationType')}
            options={enumOptions(VariationType.options, 'products.variationType')}
          />
          <VariationValues control={control} index={index} currency={currency} />
          <Button variant="plain" className={styles.remove} onClick={() => variations.remove(index)}>
            {t('products.field.removeVariation', { n: index + 1 })}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          variations.append({
            type: 'size',
            values: [{ value: '', priceAdjustment: 0, stock: 0, sku: undefined }],
          })
        }
        disabled={variations.fields.length >= PRODUCT_LIMITS.variationsMax}
      >
        {t('products.field.addVariation')}
      </Button>
      {variations.fields.length === 2 ? <Combinations control={control} currency={currency} /> : null}
    </Section>
  );
}

/**
 * Two variation types (size × colour): stock, price adjustment and SKU per combination. "Set per combination"
 * lists every pair of the values entered (keeping what was set for a pair already); the product's stock is then
 * their sum and the shop asks for each type in turn.
 */
function Combinations({ control, currency }: { control: ProductControl; currency: string }) {
  const { t } = useI18n();
  const combinations = useFieldArray({ control, name: 'physical.combinations' });
  const variations = useWatch({ control, name: 'physical.variations' }) ?? [];
  const build = () => {
    const [first, second] = variations;
    const kept = new Map(combinations.fields.map((c) => [JSON.stringify(c.values), c]));
    const pairs = (first?.values ?? []).flatMap((a) =>
      (second?.values ?? []).map((b) => [a.value.trim(), b.value.trim()] as [string, string]),
    );
    combinations.replace(
      pairs
        .filter(([a, b]) => a && b)
        .map((values) => {
          const old = kept.get(JSON.stringify(values));
          return {
            ...(old?.id ? { id: old.id } : {}),
            values,
            stock: old?.stock ?? 0,
            priceAdjustment: old?.priceAdjustment ?? 0,
            sku: old?.sku,
          };
        }),
    );
  };
  return (
    <div className={styles.group} data-testid="variation-combinations">
      <p className={styles.hint}>{t('products.field.combinationsHint')}</p>
      {combinations.fields.map((combo, i) => (
        <div key={combo.id} className={styles.valueRow}>
          <strong>{combo.values.join(' / ')}</strong>
          <div className={styles.row}>
            <NumberField
              control={control}
              name={`physical.combinations.${i}.stock`}
              label={t('products.field.combinationStock', { combination: combo.values.join(' / ') })}
            />
            <MoneyField
              control={control}
              name={`physical.combinations.${i}.priceAdjustment`}
              label={t('products.field.priceAdjustment')}
              currency={currency}
            />
          </div>
          <OptionalTextField
            control={control}
            name={`physical.combinations.${i}.sku`}
            label={t('products.field.variationSku')}
            mono
          />
        </div>
      ))}
      <div className={styles.row}>
        <Button variant="secondary" onClick={build}>
          {t('products.field.setCombinations')}
        </Button>
        {combinations.fields.length > 0 ? (
          <Button variant="plain" className={styles.remove} onClick={() => combinations.replace([])}>
            {t('products.field.clearCombinations')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function VariationValues({
  control,
  index,
  currency,
}: {
  control: ProductControl;
  index: number;
  currency: string;
}) {
  const { t } = useI18n();
  const values = useFieldArray({ control, name: `physical.variations.${index}.values` });
  return (
    <>
      {values.fields.map((value, j) => (
        <div key={value.id} className={styles.valueRow}>
          <div className={styles.row}>
            <OptionalTextField
              control={control}
              name={`physical.variations.${index}.values.${j}.value`}
              label={t('products.field.value')}
            />
            <OptionalTextField
              control={control}
              name={`physical.variations.${index}.values.${j}.sku`}
              label={t('products.field.variationSku')}
              mono
            />
          </div>
          <div className={styles.row}>
            <MoneyField
              control={control}
              name={`physical.variations.${index}.values.${j}.priceAdjustment`}
              label={t('products.field.priceAdjustment')}
              currency={currency}
            />
            <NumberField
              control={control}
              name={`physical.variations.${index}.values.${j}.stock`}
              label={t('products.field.variationStock')}
            />
          </div>
          {values.fields.length > 1 ? (
            <Button variant="plain" className={styles.remove} onClick={() => values.remove(j)}>
              {t('products.field.removeValue', { n: j + 1 })}
            </Button>
          ) : null}
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => values.append({ value: '', priceAdjustment: 0, stock: 0, sku: undefined })}
      >
        {t('products.field.addValue')}
      </Button>
    </>
  );
}
