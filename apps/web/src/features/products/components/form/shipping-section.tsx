import { DimensionUnit, ShippingClass, WeightUnit } from '@app/contracts/products';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ChoiceField, NumberField, OptionalTextField, ToggleField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function ShippingSection({ form, full = false }: SectionProps & { full?: boolean }) {
  const { t } = useI18n();
  const { control } = form;
  return (
    <Section>
      <div className={styles.row}>
        <NumberField control={control} name="physical.weight" label={t('products.field.weight')} decimals />
        <ChoiceField
          control={control}
          name="physical.weightUnit"
          label={t('products.field.weightUnit')}
          options={WeightUnit.options.map((u) => ({ value: u, label: u }))}
        />
      </div>
      <div className={styles.row3}>
        <NumberField
          control={control}
          name="physical.dimensions.length"
          label={t('products.field.length')}
          decimals
        />
        <NumberField
          control={control}
          name="physical.dimensions.width"
          label={t('products.field.width')}
          decimals
        />
        <NumberField
          control={control}
          name="physical.dimensions.height"
          label={t('products.field.height')}
          decimals
        />
      </div>
      <ChoiceField
        control={control}
        name="physical.dimensions.unit"
        label={t('products.field.dimensionUnit')}
        options={DimensionUnit.options.map((u) => ({ value: u, label: u }))}
      />
      <ToggleField
        control={control}
        name="physical.requiresShipping"
        label={t('products.field.requiresShipping')}
      />
      <OptionalTextField
        control={control}
        name="physical.countryOfOrigin"
        label={t('products.field.countryOfOrigin')}
      />
      {full ? (
        <>
          <ChoiceField
            control={control}
            name="physical.shippingClass"
            label={t('products.field.shippingClass')}
            options={enumOptions(ShippingClass.options, 'products.shippingClass')}
          />
          <ToggleField control={control} name="physical.fragile" label={t('products.field.fragile')} />
          <ToggleField control={control} name="physical.perishable" label={t('products.field.perishable')} />
          <ToggleField control={control} name="physical.hazmat" label={t('products.field.hazmat')} />
          <ToggleField control={control} name="physical.warranty" label={t('products.field.warranty')} />
          <OptionalTextField
            control={control}
            name="physical.warrantyPeriod"
            label={t('products.field.warrantyPeriod')}
          />
          <OptionalTextField
            control={control}
            name="physical.returnPolicy"
            label={t('products.field.returnPolicy')}
            multiline
          />
        </>
      ) : null}
    </Section>
  );
}
