import { Outlet, useLocation } from 'react-router';
import { DemoBottomButtons } from '../../components/telegram/demo-chrome';
import { LoadingState } from '../../components/ui/spinner';
import { useAccess } from '../../lib/me';
import { useTelegram } from '../../lib/telegram/state';
import { showsBottomNav } from '../screens';
import styles from './app-layout.module.css';
import { BottomNav } from './bottom-nav';
import { NoAccessPage } from './no-access-page';
import { permissionForPath } from './screen-permissions';
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
  // A screen the caller's permissions do not cover says so, rather than fail call by call.
  const needed = permissionForPath(useLocation().pathname);
  const access = useAccess();

  const classes = [
    styles.shell,
    isDemo ? styles.demo : '',
    showNav ? styles.withNav : '',
    isDemo && (mainButton.isVisible || secondaryButton.isVisible) ? styles.withMainButton : '',
  ].join(' ');

  return (
    <div className={classes}>
      {!needed ? (
        <Outlet />
      ) : !access.ready ? (
        <LoadingState />
      ) : access.can(needed) ? (
        <Outlet />
      ) : (
        <NoAccessPage />
      )}
      {showNav ? <BottomNav /> : null}
      {isDemo ? (
        <DemoBottomButtons
          bottomOffset={showNav ? 'calc(var(--app-nav-height) + 4px + var(--app-safe-bottom))' : '0px'}
        />
      ) : null}
    </div>
  );
}
