import type { StoreDetails, StoreDetailsInput } from '@app/contracts/settings';
import { useRef, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { uploadMedia } from '../../../components/media/api/upload-media';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form/fields';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import styles from './settings.module.css';

/**
 * The store's logo or banner: uploaded through the media module (typed by its bytes, resized, EXIF gone) and
 * kept as the stored image's address, or an image URL pasted by hand. Shows what the customer will see.
 */
export function StoreImageField(props: {
  control: Control<StoreDetailsInput, unknown, StoreDetails>;
  name: 'logo' | 'banner';
  label: MessageKey;
}) {
  const { t } = useI18n();
  const { field } = useController({ control: props.control, name: props.name });
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const value = field.value ?? '';

  async function upload(file: File) {
    setProgress(0);
    try {
      const uploaded = await uploadMedia({ file, onProgress: setProgress });
      // An absolute address: the shop bot and Telegram fetch it from outside the app.
      if (uploaded.url) field.onChange(new URL(uploaded.url, window.location.origin).toString());
      haptics.success();
    } catch {
      haptics.error();
      await showAlert(t('settings.store.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className={styles.imageField}>
      <TextField
        control={props.control}
        name={props.name}
        label={t(props.label)}
        hint={t('settings.store.imageHint')}
        inputMode="url"
      />
      <div className={styles.imageActions}>
        {/^https?:\/\//.test(value) ? <img className={styles.imagePreview} src={value} alt="" /> : null}
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={progress !== null}>
          {progress === null
            ? t('settings.store.uploadImage')
            : t('settings.store.uploading', { percent: progress })}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          data-testid={`${props.name}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
    </div>
  );
}
