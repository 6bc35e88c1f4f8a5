import { fillWelcome, SETTINGS_LIMITS, type WelcomePlaceholder } from '@app/contracts/settings';
import { useI18n } from '../../../i18n/i18n';
import styles from './welcome-preview.module.css';

type Props = {
  text: string;
  buttons: readonly { id: string; text: string }[];
  botName: string;
  /** Who the preview greets: the values of `{first_name}`, `{last_name}` and `{username}`. */
  greeted: Partial<Record<WelcomePlaceholder, string>>;
};

/**
 * The welcome message as Telegram shows it: a bot bubble, then the first 3 buttons as an inline keyboard. Its
 * placeholders are filled in as the bot fills them for the customer it greets.
 */
export function WelcomePreview({ text, buttons, botName, greeted }: Props) {
  const { t } = useI18n();
  const shown = buttons.slice(0, SETTINGS_LIMITS.welcomePreviewButtons);
  return (
    <figure className={styles.chat} data-testid="welcome-preview" aria-label={t('settings.welcome.preview')}>
      <div className={styles.bubble}>
        <span className={styles.sender}>{botName}</span>
        <p className={styles.text}>{fillWelcome(text, greeted)}</p>
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
