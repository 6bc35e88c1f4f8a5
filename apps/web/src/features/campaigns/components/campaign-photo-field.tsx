import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { uploadCampaignPhoto } from '../api/upload-campaign-photo';
import styles from './campaigns.module.css';

/**
 * A campaign's optional photo: uploaded through the media module (typed by its bytes, re-encoded, EXIF gone) and
 * kept as the stored image's absolute address (Telegram fetches it), or an image URL pasted by hand.
 */
export function CampaignPhotoField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File) {
    setProgress(0);
    try {
      const uploaded = await uploadCampaignPhoto(file, setProgress);
      // The medium size: small enough for Telegram to fetch quickly, large enough for a chat.
      const url = uploaded.mediumUrl ?? uploaded.url;
      if (url) onChange(new URL(url, window.location.origin).toString());
      haptics.success();
    } catch {
      haptics.error();
      await showAlert(t('campaigns.compose.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className={styles.section}>
      <Field label={t('campaigns.compose.photo')} hint={t('campaigns.compose.photoHint')}>
        {(aria) => (
          <TextInput
            {...aria}
            type="url"
            inputMode="url"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={progress !== null}>
          {progress === null
            ? t('campaigns.compose.uploadPhoto')
            : t('campaigns.compose.uploading', { percent: progress })}
        </Button>
        {value.trim() ? (
          <Button
            variant="secondary"
            onClick={() => {
              haptics.selection();
              onChange('');
            }}
          >
            {t('campaigns.compose.removePhoto')}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          data-testid="campaign-photo-file"
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
