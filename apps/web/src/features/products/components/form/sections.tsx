import type { Category } from '@app/contracts/categories';
import {
  BillingCycle,
  type CodePoolCounts,
  Compatibility,
  CURRENCIES,
  DigitalType,
  DimensionUnit,
  DurationUnit,
  KeyType,
  PassType,
  PRODUCT_LIMITS,
  ProductStatus,
  ServiceLocation,
  ServiceType,
  ShippingClass,
  VariationType,
  Weekday,
  WeightUnit,
} from '@app/contracts/products';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ALL_BOTS, isLowStock, profitMargin, slugify, toggleBotSelection } from '../../lib/product-rules';
import { CodesField } from './codes-field';
import {
  ChoiceField,
  MoneyField,
  MultiChoiceField,
  NumberField,
  OptionalTextField,
  TextListField,
  ToggleField,
} from './product-fields';
import styles from './product-form.module.css';
import type { ProductControl, ProductForm } from './product-form-values';

type SectionProps = { form: ProductForm };

function Section({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className={styles.section}>
      {title ? <h2 className={styles.sectionTitle}>{title}</h2> : null}
      {children}
    </section>
  );
}

const nameMax = PRODUCT_LIMITS.nameMax;

// ------------------------------------------------------------------------------------------- basic

export function BasicSection({
  form,
  categories,
  bots,
  withStatus = false,
}: SectionProps & {
  categories: Category[];
  bots: { id: string; username: string }[];
  withStatus?: boolean;
}) {
  const { t } = useI18n();
  const { control } = form;
  const categoryId = useWatch({ control, name: 'categoryId' });
  const subcategories = categories.find((c) => c.id === categoryId)?.subcategories ?? [];
  return (
    <Section>
      <OptionalTextField
        control={control}
        name="name"
        label={t('products.field.name')}
        placeholder={t('products.field.namePlaceholder')}
        maxLength={nameMax}
      />
      <OptionalTextField
        control={control}
        name="shortDescription"
        label={t('products.field.shortDescription')}
        counter={PRODUCT_LIMITS.shortDescriptionMax}
        multiline
      />
      <OptionalTextField
        control={control}
        name="description"
        label={t('products.field.description')}
        multiline
      />
      <div className={styles.row}>
        <OptionalTextField control={control} name="sku" label={t('products.field.sku')} mono />
        <OptionalTextField control={control} name="barcode" label={t('products.field.barcode')} mono />
      </div>
      <OptionalTextField control={control} name="brand" label={t('products.field.brand')} />
      <ChoiceField
        control={control}
        name="categoryId"
        label={t('products.field.category')}
        options={[
          { value: '', label: t('products.field.chooseCategory') },
          ...categories.map((c) => ({ value: c.id, label: c.name })),
        ]}
        // Spec §4: a category change clears the subcategory.
        onPick={() => form.setValue('subcategoryId', undefined, { shouldDirty: true })}
      />
      {subcategories.length > 0 ? (
        <ChoiceField
          control={control}
          name="subcategoryId"
          label={t('products.field.subcategory')}
          optional
          options={subcategories.map((s) => ({ value: s.id, label: s.name }))}
        />
      ) : null}
      {withStatus ? (
        <ChoiceField
          control={control}
          name="status"
          label={t('products.form.status')}
          options={enumOptions(ProductStatus.options, 'products.status')}
        />
      ) : null}
      <TextListField
        control={control}
        name="tags"
        label={t('products.field.tags')}
        placeholder={t('products.field.tagPlaceholder')}
        addText={t('products.field.addTag')}
        removeLabel={(tag) => t('products.field.removeTag', { tag })}
      />
      <BotSelector form={form} bots={bots} />
    </Section>
  );
}

/** Spec §4: 'all' or specific bots, with the selection rules of product-rules.ts. */
function BotSelector({ form, bots }: SectionProps & { bots: { id: string; username: string }[] }) {
  const { t } = useI18n();
  const value = useWatch({ control: form.control, name: 'botIds' });
  const selected = value === 'all' || value === undefined ? [ALL_BOTS] : value;
  const pick = (choice: string) => {
    const next = toggleBotSelection(selected, choice);
    form.setValue('botIds', next.includes(ALL_BOTS) ? 'all' : next, { shouldDirty: true });
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('products.field.bots')}</legend>
      <div className={styles.chips}>
        {[{ id: ALL_BOTS, username: '' }, ...bots].map((bot) => {
          const on = selected.includes(bot.id);
          return (
            <button
              key={bot.id}
              type="button"
              aria-pressed={on}
              className={`${styles.chip} ${on ? styles.chipOn : ''}`}
              onClick={() => pick(bot.id)}
            >
              {bot.id === ALL_BOTS ? t('products.field.allBots') : `@${bot.username}`}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

// ------------------------------------------------------------------------------------------- pricing

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

// ------------------------------------------------------------------------------------------- inventory

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

// ------------------------------------------------------------------------------------------- media

export function VideosField({ control }: { control: ProductControl }) {
  const { t } = useI18n();
  return (
    <TextListField
      control={control}
      name="videos"
      label={t('products.field.videos')}
      placeholder="https://"
      inputType="url"
      addText={t('products.field.addVideo')}
      removeLabel={(_v, index) => t('products.field.removeVideo', { n: index + 1 })}
    />
  );
}

// ------------------------------------------------------------------------------------------- seo

export function SeoSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  return (
    <Section>
      <OptionalTextField
        control={control}
        name="seo.metaTitle"
        label={t('products.field.seoTitle')}
        counter={PRODUCT_LIMITS.seoTitleMax}
      />
      <OptionalTextField
        control={control}
        name="seo.metaDescription"
        label={t('products.field.seoDescription')}
        counter={PRODUCT_LIMITS.seoDescriptionMax}
        multiline
      />
      <TextListField
        control={control}
        name="seo.seoKeywords"
        label={t('products.field.seoKeywords')}
        addText={t('products.field.addTag')}
        removeLabel={(tag) => t('products.field.removeTag', { tag })}
      />
      <OptionalTextField
        control={control}
        name="urlSlug"
        label={t('products.field.urlSlug')}
        counter={PRODUCT_LIMITS.slugMax}
        // Spec §5.2: lowercased, whitespace becomes hyphens, as typed.
        transform={slugify}
        mono
      />
    </Section>
  );
}

// ------------------------------------------------------------------------------------------- physical

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
    </Section>
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

// ------------------------------------------------------------------------------------------- digital

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
          <NumberField
            control={control}
            name="digital.totalTickets"
            label={t('products.field.totalTickets')}
          />
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

export function LicenseSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  const digitalType = useWatch({ control, name: 'digital.digitalType' });
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
      <NumberField
        control={control}
        name="digital.supportPeriodDays"
        label={t('products.field.supportPeriodDays')}
      />
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

// ------------------------------------------------------------------------------------------- service

export function SchedulingSection({ form, full = false }: SectionProps & { full?: boolean }) {
  const { t } = useI18n();
  const { control } = form;
  const location = useWatch({ control, name: 'service.location' }) ?? 'online';
  const slots = useFieldArray({ control, name: 'service.availability.timeSlots' });
  return (
    <Section>
      {full ? (
        <ChoiceField
          control={control}
          name="service.serviceType"
          label={t('products.field.serviceType')}
          options={enumOptions(ServiceType.options, 'products.serviceType')}
        />
      ) : null}
      <div className={styles.row}>
        <NumberField control={control} name="service.duration" label={t('products.field.duration')} />
        <ChoiceField
          control={control}
          name="service.durationUnit"
          label={t('products.field.durationType')}
          options={enumOptions(DurationUnit.options, 'products.durationType')}
        />
      </div>
      <ToggleField
        control={control}
        name="service.requiresScheduling"
        label={t('products.field.requiresScheduling')}
      />
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

export function BookingSection({ form }: SectionProps) {
  const { t } = useI18n();
  const { control } = form;
  const [bookingRequired, recurring] = useWatch({
    control,
    name: ['service.bookingRequired', 'service.recurringOptions.enabled'],
  });
  return (
    <Section>
      <NumberField control={control} name="service.maxBookings" label={t('products.field.maxBookings')} />
      <ToggleField
        control={control}
        name="service.bookingRequired"
        label={t('products.field.bookingRequired')}
      />
      {bookingRequired !== false ? (
        <>
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
        </>
      ) : null}
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
          />
        </div>
      ) : null}
    </Section>
  );
}
