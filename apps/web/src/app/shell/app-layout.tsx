import { Outlet, useLocation } from 'react-router';
import { useTelegram } from '../../lib/telegram';
import styles from './app-layout.module.css';
import { BottomNav } from './bottom-nav';
import { DemoMainButton } from './demo-chrome';
import { isBottomNavHidden } from './nav-visibility';
import { SessionGate } from './session-gate';

/** The signed-in app: the screen, then the bottom navigation where there is no back button. */
export function AppLayout() {
  return (
    <SessionGate>
      <Shell />
    </SessionGate>
  );
}

function Shell() {
  const { pathname } = useLocation();
  const { isDemo, mainButton } = useTelegram();
  const showNav = !isBottomNavHidden(pathname);

  const classes = [
    styles.shell,
    isDemo ? styles.demo : '',
    showNav ? styles.withNav : '',
    isDemo && mainButton.isVisible ? styles.withMainButton : '',
  ].join(' ');

  return (
    <div className={classes}>
      <Outlet />
      {showNav ? <BottomNav /> : null}
      {isDemo ? (
        <DemoMainButton
          bottomOffset={showNav ? 'calc(var(--app-nav-height) + 4px + var(--app-safe-bottom))' : '0px'}
        />
      ) : null}
    </div>
  );
}
