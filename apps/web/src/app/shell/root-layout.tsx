import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTelegram } from '../../lib/telegram';
import { DemoTopBar } from './demo-chrome';
import { isBottomNavHidden } from './nav-visibility';
import styles from './root-layout.module.css';
import { useBackButton } from './use-back-button';

/** Wraps every route: binds Telegram's back button once, and in demo mode draws the header stand-in. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { isDemo } = useTelegram();
  useBackButton(isBottomNavHidden(pathname));

  return (
    <div className={styles.root}>
      {isDemo ? <DemoTopBar /> : null}
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
