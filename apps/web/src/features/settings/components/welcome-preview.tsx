import { SETTINGS_LIMITS } from '@app/contracts/settings';
import { useI18n } from '../../../i18n/i18n';
import styles from './welcome-preview.module.css';

type Props = { text: string; buttons: readonly { id: string; text: string }[]; botName: string };

/** The welcome message as Telegram shows it: a bot bubble, then the first 3 buttons as an inline keyboard. */
export function WelcomePreview({ text, buttons, botName }: Props) {
  const { t } = useI18n();
  const shown = buttons.slice(0, SETTINGS_LIMITS.welcomePreviewButtons);
  return (
    <figure className={styles.chat} data-testid="welcome-preview" aria-label={t('settings.welcome.preview')}>
      <div className={styles.bubble}>
        <span className={styles.sender}>{botName}</span>
        <p className={styles.text}>{text}</p>
      </div>
      {shown.length > 0 ? (
        <div className={styles.keyboard}>
          {shown.map((b) => (
            <span key={b.id} className={styles.key}>
              {b.text}
            </span>
          ))}
        </div>
      ) : null}
    </figure>
  );
}
