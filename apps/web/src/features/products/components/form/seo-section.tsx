import { PRODUCT_LIMITS } from '@app/contracts/products';
import { useI18n } from '../../../../i18n/i18n';
import { slugify } from '../../lib/product-rules';
import { OptionalTextField, TextListField } from './product-fields';
import { Section, type SectionProps } from './section';

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
