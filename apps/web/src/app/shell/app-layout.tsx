import { Outlet } from 'react-router';
import { DemoBottomButtons } from '../../components/telegram/demo-chrome';
import { useTelegram } from '../../lib/telegram/state';
import { showsBottomNav } from '../screens';
import styles from './app-layout.module.css';
import { BottomNav } from './bottom-nav';
import { SessionGate } from './session-gate';
import { useScreen } from './use-screen';

/** The signed-in app: the screen, then the bottom navigation on the five tabs (screens.ts). */
export function AppLayout() {
  return (
    <SessionGate>
      <Shell />
    </SessionGate>
  );
}

function Shell() {
  const { isDemo, mainButton, secondaryButton } = useTelegram();
  const showNav = showsBottomNav(useScreen());

  const classes = [
    styles.shell,
    isDemo ? styles.demo : '',
    showNav ? styles.withNav : '',
    isDemo && (mainButton.isVisible || secondaryButton.isVisible) ? styles.withMainButton : '',
  ].join(' ');

  return (
    <div className={classes}>
      <Outlet />
      {showNav ? <BottomNav /> : null}
      {isDemo ? (
        <DemoBottomButtons
          bottomOffset={showNav ? 'calc(var(--app-nav-height) + 4px + var(--app-safe-bottom))' : '0px'}
        />
      ) : null}
    </div>
  );
}
