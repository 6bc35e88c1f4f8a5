import { PROFILE_TIMEZONES } from '@app/contracts/account';
import { DurationUnit, ServiceLocation, Weekday } from '@app/contracts/products';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ChoiceField, MultiChoiceField, NumberField, OptionalTextField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function SchedulingSection({ form, full = false }: SectionProps & { full?: boolean }) {
  const { t } = useI18n();
  const { control } = form;
  const location = useWatch({ control, name: 'service.location' }) ?? 'online';
  const slots = useFieldArray({ control, name: 'service.availability.timeSlots' });
  // The profile's timezones, and a product's own when it was saved with another (kept, not silently changed).
  const timezone = useWatch({ control, name: 'service.availability.timezone' }) ?? 'UTC';
  const timezones = (PROFILE_TIMEZONES as readonly string[]).includes(timezone)
    ? PROFILE_TIMEZONES
    : [timezone, ...PROFILE_TIMEZONES];
  return (
    <Section>
      <div className={styles.row}>
        <NumberField control={control} name="service.duration" label={t('products.field.duration')} />
        <ChoiceField
          control={control}
          name="service.durationUnit"
          label={t('products.field.durationType')}
          options={enumOptions(DurationUnit.options, 'products.durationType')}
        />
      </div>
      <MultiChoiceField
        control={control}
        name="service.availability.days"
        label={t('products.field.availableDays')}
        options={enumOptions(Weekday.options, 'products.day')}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('products.field.timeSlots')}</legend>
        {slots.fields.map((slot, index) => (
          <div key={slot.id} className={styles.slotRow}>
            <OptionalTextField
              control={control}
              name={`service.availability.timeSlots.${index}.start`}
              label={t('products.field.slotStart')}
              type="time"
            />
            <OptionalTextField
              control={control}
              name={`service.availability.timeSlots.${index}.end`}
              label={t('products.field.slotEnd')}
              type="time"
            />
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={t('products.field.removeSlot', { n: index + 1 })}
              onClick={() => slots.remove(index)}
            >
              ×
            </button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => slots.append({ start: '09:00', end: '17:00' })}>
          {t('products.field.addSlot')}
        </Button>
      </fieldset>
      <ChoiceField
        control={control}
        name="service.availability.timezone"
        label={t('products.field.timezone')}
        hint={t('products.field.timezoneHint')}
        options={timezones.map((zone) => ({ value: zone, label: zone }))}
      />
      <ChoiceField
        control={control}
        name="service.location"
        label={t('products.field.location')}
        options={enumOptions(ServiceLocation.options, 'products.location')}
      />
      {/* Spec §2.1: the address for onsite or hybrid, the meeting link for online or hybrid. */}
      {location === 'onsite' || location === 'hybrid' ? (
        <OptionalTextField
          control={control}
          name="service.address"
          label={t('products.field.address')}
          multiline
        />
      ) : null}
      {location === 'online' || location === 'hybrid' ? (
        <OptionalTextField
          control={control}
          name="service.meetingLink"
          label={t('products.field.meetingLink')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      ) : null}
      {full ? (
        <OptionalTextField control={control} name="service.provider" label={t('products.field.provider')} />
      ) : null}
    </Section>
  );
}
