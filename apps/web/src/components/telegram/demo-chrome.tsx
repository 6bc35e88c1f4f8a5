import { useI18n } from '../../i18n/i18n';
import {
  pressDemoBackButton,
  pressDemoMainButton,
  pressDemoSecondaryButton,
} from '../../lib/telegram/demo-client';
import { useTelegram } from '../../lib/telegram/state';
import { ChevronLeftIcon } from '../ui/icons';
import styles from './demo-chrome.module.css';

/**
 * Demo mode only: the top bar with the back button a Telegram client would draw in its header, and the
 * "Demo" marker. Pressing Back presses the mocked native button, so the app's one listener handles it.
 */
export function DemoTopBar() {
  const { backButtonVisible } = useTelegram();
  const { t } = useI18n();
  return (
    <div className={styles.bar} data-testid="demo-top-bar">
      {backButtonVisible ? (
        <button
          type="button"
          className={styles.back}
          aria-label={t('common.back')}
          onClick={pressDemoBackButton}
        >
          <ChevronLeftIcon size={22} />
          <span aria-hidden="true">{t('common.back')}</span>
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
      <span className={styles.pill} data-testid="demo-badge" title={t('shell.demo.badgeTitle')}>
        {t('shell.demo.badge')}
      </span>
    </div>
  );
}

/**
 * Demo only: the main and secondary buttons a Telegram client would draw below the app, the secondary one
 * where the app asked (beside the main one, left or right, or above or below it).
 */
export function DemoBottomButtons({ bottomOffset }: { bottomOffset: string }) {
  const { mainButton, secondaryButton } = useTelegram();
  const showMain = mainButton.isVisible && mainButton.text !== '';
  const showSecondary = secondaryButton.isVisible && secondaryButton.text !== '';
  if (!showMain && !showSecondary) return null;
  const { position } = secondaryButton;
  const layout = position === 'top' || position === 'bottom' ? styles.stacked : styles.sideBySide;
  const secondaryFirst = position === 'left' || position === 'top';
  const secondary = showSecondary ? (
    <button
      type="button"
      className={styles.secondaryButton}
      disabled={!secondaryButton.isEnabled}
      onClick={pressDemoSecondaryButton}
      data-testid="demo-secondary-button"
    >
      {secondaryButton.text}
    </button>
  ) : null;
  const main = showMain ? (
    <button
      type="button"
      className={styles.mainButton}
      disabled={!mainButton.isEnabled}
      onClick={pressDemoMainButton}
      data-testid="demo-main-button"
    >
      {mainButton.text}
    </button>
  ) : null;
  return (
    <div className={`${styles.mainButtonBar} ${layout}`} style={{ bottom: bottomOffset }}>
      {secondaryFirst ? secondary : main}
      {secondaryFirst ? main : secondary}
    </div>
  );
}
