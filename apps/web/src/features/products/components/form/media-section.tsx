import type { ReactNode } from 'react';
import { useI18n } from '../../../../i18n/i18n';
import { ToggleField } from './product-fields';
import styles from './product-form.module.css';
import type { ProductForm } from './product-form-values';
import { VideosField } from './videos-field';

/**
 * The media tab: the uploader (pictures and videos, each previewed in its tile), the video addresses, and the
 * gallery's auto-play, which the shop's Mini App acts on (pictures advance, videos play muted and inline).
 */
export function MediaSection({ form, uploader }: { form: ProductForm; uploader: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      {uploader}
      <p className={styles.muted}>{t('products.field.mediaHint')}</p>
      <VideosField control={form.control} />
      <ToggleField
        control={form.control}
        name="galleryAutoPlay"
        label={t('products.field.galleryAutoPlay')}
      />
      <p className={styles.muted}>{t('products.field.galleryAutoPlayHint')}</p>
    </>
  );
}
