import { ChevronLeftIcon } from '../../components/ui/icons';
import { pressDemoBackButton, pressDemoMainButton, useTelegram } from '../../lib/telegram';
import styles from './demo-chrome.module.css';

/**
 * Demo mode only: the top bar with the back button a Telegram client would draw in its header, and the
 * "Demo" marker. Pressing Back presses the mocked native button, so the app's one listener handles it.
 */
export function DemoTopBar() {
  const { backButtonVisible } = useTelegram();
  return (
    <div className={styles.bar} data-testid="demo-top-bar">
      {backButtonVisible ? (
        <button type="button" className={styles.back} aria-label="Back" onClick={pressDemoBackButton}>
          <ChevronLeftIcon size={22} />
          <span aria-hidden="true">Back</span>
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
      <span className={styles.pill} data-testid="demo-badge" title="Demo mode: signed in as the demo vendor">
        Demo
      </span>
    </div>
  );
}

/** Demo only: the main button a Telegram client would draw below the app. */
export function DemoMainButton({ bottomOffset }: { bottomOffset: string }) {
  const { mainButton } = useTelegram();
  if (!mainButton.isVisible || !mainButton.text) return null;
  return (
    <div className={styles.mainButtonBar} style={{ bottom: bottomOffset }}>
      <button
        type="button"
        className={styles.mainButton}
        disabled={!mainButton.isEnabled}
        onClick={pressDemoMainButton}
        data-testid="demo-main-button"
      >
        {mainButton.text}
      </button>
    </div>
  );
}
