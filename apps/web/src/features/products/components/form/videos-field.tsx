import { useI18n } from '../../../../i18n/i18n';
import { TextListField } from './product-fields';
import type { ProductControl } from './product-form-values';

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
