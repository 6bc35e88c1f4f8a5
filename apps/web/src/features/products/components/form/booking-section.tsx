import { useWatch } from 'react-hook-form';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ChoiceField, NumberField, OptionalTextField, ToggleField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function BookingSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  const recurring = useWatch({ control, name: 'service.recurringOptions.enabled' });
  return (
    <Section>
      <NumberField control={control} name="service.maxBookings" label={t('products.field.maxBookings')} />
      {/* A service is always booked by slot (the shop offers its open slots), so these always apply. */}
      <NumberField
        control={control}
        name="service.bookingLeadTime"
        label={t('products.field.bookingLeadTime')}
      />
      <NumberField
        control={control}
        name="service.maxParticipants"
        label={t('products.field.maxParticipants')}
      />
      <ToggleField control={control} name="service.autoConfirm" label={t('products.field.autoConfirm')} />
      <OptionalTextField
        control={control}
        name="service.cancellationPolicy"
        label={t('products.field.cancellationPolicy')}
        multiline
      />
      <ToggleField
        control={control}
        name="service.recurringOptions.enabled"
        label={t('products.field.recurring')}
      />
      {recurring ? (
        <div className={styles.row}>
          <ChoiceField
            control={control}
            name="service.recurringOptions.frequency"
            label={t('products.field.frequency')}
            options={enumOptions(['daily', 'weekly', 'monthly'] as const, 'products.frequency')}
          />
          <NumberField
            control={control}
            name="service.recurringOptions.maxOccurrences"
            label={t('products.field.maxOccurrences')}
            hint={t('products.field.maxOccurrencesHint')}
          />
        </div>
      ) : null}
    </Section>
  );
}
