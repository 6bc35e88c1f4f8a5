import { Outlet, ScrollRestoration } from 'react-router';
import { DemoTopBar } from '../../components/telegram/demo-chrome';
import { useTelegram } from '../../lib/telegram/state';
import styles from './root-layout.module.css';
import { useBackButton } from './use-back-button';
import { useScreen } from './use-screen';

/** Wraps every route: binds Telegram's back button once, and in demo mode draws the header stand-in. */
export function RootLayout() {
  const { isDemo } = useTelegram();
  useBackButton(useScreen());

  return (
    <div className={styles.root}>
      {isDemo ? <DemoTopBar /> : null}
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
