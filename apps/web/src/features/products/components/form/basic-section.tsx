import type { Category } from '@app/contracts/categories';
import { PRODUCT_LIMITS, ProductStatus } from '@app/contracts/products';
import { useWatch } from 'react-hook-form';
import { useI18n } from '../../../../i18n/i18n';
import { enumOptions } from '../../lib/labels';
import { ALL_BOTS, toggleBotSelection } from '../../lib/product-rules';
import { ChoiceField, OptionalTextField, TextListField } from './product-fields';
import styles from './product-form.module.css';
import { Section, type SectionProps } from './section';

const nameMax = PRODUCT_LIMITS.nameMax;

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
