import { ACCOUNT_LIMITS, type Profile } from '@app/contracts/account';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { showConfirm } from '../../../lib/telegram/bridge';
import { useRemoveProfilePhoto } from '../api/remove-profile-photo';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { showAccountPopup } from '../lib/messages';
import styles from './account.module.css';

// Spec part 2 §5.6: JPEG, JPG, PNG, GIF or WebP. The server decides by the bytes; this is the quick answer.
const TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
const ACCEPT = TYPES.join(',');

/**
 * The profile photo (spec part 2 §2.3): drag and drop (highlighted while dragging), upload, take a photo with
 * the front camera, remove. Until one is uploaded, Telegram's photo shows.
 */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;

  async function send(file: File) {
    if (!TYPES.includes(file.type)) {
      await showAccountPopup('account.photo.invalidTypeTitle', t('account.photo.invalidType'), 'error');
      return;
    }
    if (file.size > ACCOUNT_LIMITS.photoBytes) {
      await showAccountPopup('account.photo.tooLargeTitle', t('account.photo.tooLarge'), 'error');
      return;
    }
    upload.mutate(file, {
      onSuccess: () =>
        void showAccountPopup('account.photo.updatedTitle', t('account.photo.updated'), 'success'),
      onError: () =>
        void showAccountPopup(
          'account.photo.uploadFailedTitle',
          t('account.photo.uploadFailedMessage'),
          'error',
        ),
    });
  }

  const chosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };

  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() || '?';

  return (
    <section
      className={`${styles.photoArea} ${dragging ? styles.photoDrop : ''}`}
      aria-label={t('account.photo.title')}
      data-testid="profile-photo"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) void send(file);
      }}
    >
      {profile.photoUrl ? (
        <img className={styles.avatar} src={profile.photoUrl} alt={t('account.photo.alt')} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
      )}
      <p className={styles.muted}>{dragging ? t('account.photo.dropHere') : t('account.photo.hint')}</p>
      <div className={styles.row}>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={busy}
          onClick={() => picker.current?.click()}
        >
          {upload.isPending ? t('account.photo.uploading') : t('account.photo.upload')}
        </Button>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={busy}
          onClick={() => camera.current?.click()}
        >
          {t('account.photo.takePhoto')}
        </Button>
        {profile.photoSource === 'upload' ? (
          <Button
            variant="secondary"
            className={styles.small}
            disabled={busy}
            onClick={async () => {
              if (!(await showConfirm(t('account.photo.removeConfirm')))) return;
              remove.mutate();
            }}
          >
            {t('account.photo.remove')}
          </Button>
        ) : null}
      </div>
      <input
        ref={picker}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="profile-photo-file"
        onChange={chosen}
      />
      <input ref={camera} type="file" accept="image/*" capture="user" hidden onChange={chosen} />
    </section>
  );
}
