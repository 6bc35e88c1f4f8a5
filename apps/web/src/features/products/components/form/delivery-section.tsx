import {
  BillingCycle,
  type CodePoolCounts,
  Compatibility,
  DigitalType,
  KeyType,
  PassType,
} from '@app/contracts/products';
import { useEffect, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Select, TextInput } from '../../../../components/ui/form/controls';
import { Field } from '../../../../components/ui/form/field';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { CodesField } from './codes-field';
import { ChoiceField, MultiChoiceField, NumberField, OptionalTextField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

export function DeliverySection({ form, pool }: SectionProps & { pool?: CodePoolCounts | null }) {
  const { t } = useI18n();
  const { control } = form;
  const digitalType = useWatch({ control, name: 'digital.digitalType' }) ?? 'downloadable';
  return (
    <Section>
      <ChoiceField
        control={control}
        name="digital.digitalType"
        label={t('products.field.digitalType')}
        options={enumOptions(DigitalType.options, 'products.digitalType')}
      />
      {digitalType === 'downloadable' ? (
        <>
          <OptionalTextField
            control={control}
            name="digital.downloadUrl"
            label={t('products.field.fileUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <div className={styles.row}>
            <OptionalTextField
              control={control}
              name="digital.fileName"
              label={t('products.field.fileName')}
            />
            <OptionalTextField
              control={control}
              name="digital.fileFormat"
              label={t('products.field.fileFormat')}
            />
          </div>
          <FileSizeField form={form} />
          <div className={styles.row}>
            <NumberField
              control={control}
              name="digital.maxDownloads"
              label={t('products.field.maxDownloads')}
            />
            <NumberField
              control={control}
              name="digital.downloadExpiryDays"
              label={t('products.field.downloadExpiryDays')}
            />
          </div>
          <MultiChoiceField
            control={control}
            name="digital.compatibility"
            label={t('products.field.compatibility')}
            options={Compatibility.options.map((c) => ({ value: c, label: c }))}
          />
        </>
      ) : null}
      {digitalType === 'product_key' ? (
        <>
          <ChoiceField
            control={control}
            name="digital.keyType"
            label={t('products.field.keyType')}
            optional
            options={enumOptions(KeyType.options, 'products.keyType')}
          />
          <OptionalTextField
            control={control}
            name="digital.keyFormat"
            label={t('products.field.keyFormat')}
            hint={t('products.field.keyFormatHint')}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            mono
          />
        </>
      ) : null}
      {digitalType === 'ticket' ? (
        <>
          <OptionalTextField
            control={control}
            name="digital.eventName"
            label={t('products.field.eventName')}
          />
          <EventDateField form={form} />
          <OptionalTextField control={control} name="digital.venue" label={t('products.field.venue')} />
        </>
      ) : null}
      {digitalType === 'pass' ? (
        <div className={styles.row}>
          <ChoiceField
            control={control}
            name="digital.passType"
            label={t('products.field.passType')}
            optional
            options={enumOptions(PassType.options, 'products.passType')}
          />
          <NumberField
            control={control}
            name="digital.passValidityDays"
            label={t('products.field.passValidityDays')}
          />
        </div>
      ) : null}
      {digitalType === 'subscription' ? (
        <div className={styles.row}>
          <ChoiceField
            control={control}
            name="digital.billingCycle"
            label={t('products.field.billingCycle')}
            optional
            options={enumOptions(BillingCycle.options, 'products.billingCycle')}
          />
          <NumberField control={control} name="digital.trialDays" label={t('products.field.trialDays')} />
        </div>
      ) : null}
      {digitalType !== 'downloadable' ? <CodesField control={control} pool={pool} /> : null}
    </Section>
  );
}

/** Bytes per unit, counted in 1024s as the shop's delivery message shows the size ("2.5 MB"). */
const SIZE_UNITS = { kb: 1024, mb: 1024 * 1024 } as const;
type SizeUnit = keyof typeof SIZE_UNITS;

const unitFor = (bytes: number | undefined): SizeUnit =>
  bytes !== undefined && bytes < SIZE_UNITS.mb ? 'kb' : 'mb';
const sizeText = (bytes: number | undefined, unit: SizeUnit) =>
  bytes === undefined || Number.isNaN(bytes)
    ? ''
    : String(Math.round((bytes / SIZE_UNITS[unit]) * 100) / 100);

/** A size typed as a number of KB or MB; empty is undefined, anything but a number NaN (the form refuses it). */
function bytesOf(text: string, unit: SizeUnit): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return undefined;
  const n = Number(clean);
  return Number.isFinite(n) ? Math.round(n * SIZE_UNITS[unit]) : Number.NaN;
}

/**
 * A download's size, which the delivery message gives the customer: a number with a KB / MB choice, held in
 * bytes as the contract's `fileSize`.
 */
function FileSizeField({ form }: SectionProps) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control: form.control, name: 'digital.fileSize' });
  const bytes = typeof field.value === 'number' ? field.value : undefined;
  const [unit, setUnit] = useState<SizeUnit>(() => unitFor(bytes));
  const [text, setText] = useState(() => sizeText(bytes, unit));
  // The value changed from outside (a reset, the product loaded): show it in the unit that suits it.
  useEffect(() => {
    if (bytesOf(text, unit) === bytes || Number.isNaN(bytes)) return;
    const next = unitFor(bytes);
    setUnit(next);
    setText(sizeText(bytes, next));
  }, [bytes, text, unit]);
  return (
    <div className={styles.row}>
      <Field label={t('products.field.fileSize')} error={fieldState.error?.message}>
        {(aria) => (
          <TextInput
            {...aria}
            name={field.name}
            ref={field.ref}
            inputMode="decimal"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              field.onChange(bytesOf(event.target.value, unit));
            }}
            onBlur={field.onBlur}
          />
        )}
      </Field>
      <Field label={t('products.field.fileSizeUnit')}>
        {(aria) => (
          <Select
            {...aria}
            value={unit}
            options={(Object.keys(SIZE_UNITS) as SizeUnit[]).map((u) => ({
              value: u,
              label: t(`products.field.fileSizeUnit.${u}`),
            }))}
            onChange={(event) => {
              const next = event.target.value as SizeUnit;
              setUnit(next);
              field.onChange(bytesOf(text, next));
            }}
          />
        )}
      </Field>
    </div>
  );
}

/** A date and time typed in the vendor's local time, held as an ISO timestamp with its offset. */
function EventDateField({ form }: SectionProps) {
  const { t } = useI18n();
  const value = useWatch({ control: form.control, name: 'digital.eventDate' });
  const local = value ? toLocalInput(value) : '';
  return (
    <label className={styles.plainField}>
      <span className={styles.legend}>{t('products.field.eventDate')}</span>
      <input
        type="datetime-local"
        className={styles.dateInput}
        value={local}
        onChange={(event) =>
          form.setValue(
            'digital.eventDate',
            event.target.value ? new Date(event.target.value).toISOString() : undefined,
            { shouldDirty: true, shouldValidate: true },
          )
        }
      />
    </label>
  );
}

function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
