import { useWatch } from 'react-hook-form';
import { useI18n } from '../../../../i18n/i18n';
import { NumberField, OptionalTextField, TextListField, ToggleField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function LicenseSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  const [digitalType, technicalSupport] = useWatch({
    control,
    name: ['digital.digitalType', 'digital.technicalSupport'],
  });
  return (
    <Section>
      <OptionalTextField
        control={control}
        name="digital.licenseType"
        label={t('products.field.licenseType')}
      />
      {digitalType === 'product_key' ? (
        <div className={styles.row}>
          <NumberField
            control={control}
            name="digital.activationLimit"
            label={t('products.field.activationLimit')}
          />
          <NumberField
            control={control}
            name="digital.validityDays"
            label={t('products.field.validityDays')}
          />
        </div>
      ) : null}
      <ToggleField control={control} name="digital.autoDeliver" label={t('products.field.autoDeliver')} />
      <ToggleField
        control={control}
        name="digital.technicalSupport"
        label={t('products.field.technicalSupport')}
      />
      {/* The delivery message promises the support period only while technical support is on. */}
      {technicalSupport ? (
        <NumberField
          control={control}
          name="digital.supportPeriodDays"
          label={t('products.field.supportPeriodDays')}
        />
      ) : null}
      <TextListField
        control={control}
        name="digital.features"
        label={t('products.field.features')}
        addText={t('products.field.addTag')}
        removeLabel={(tag) => t('products.field.removeTag', { tag })}
      />
    </Section>
  );
}
