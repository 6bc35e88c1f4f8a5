import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { BotIcon, BoxIcon, HomeIcon, OrdersIcon, SettingsIcon, UsersIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { useCan } from '../../lib/me';
import styles from './bottom-nav.module.css';
import { permissionForPath } from './screen-permissions';
import { FRESH_TAB } from './use-back-button';

type NavItem = { to: string; label: MessageKey; Icon: ComponentType<{ size?: number }> };

/** The five tabs of spec part 1 §2; their routes are the tabs of the route table (screens.test.ts checks). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'shell.nav.home', Icon: HomeIcon },
  { to: '/bots', label: 'shell.nav.bots', Icon: BotIcon },
  { to: '/products', label: 'shell.nav.products', Icon: BoxIcon },
  { to: '/orders', label: 'shell.nav.orders', Icon: OrdersIcon },
  { to: '/settings', label: 'shell.nav.settings', Icon: SettingsIcon },
];

/** Support roles (support, without full access) get the inbox in the navigation too (issue 20). */
const SUPPORT_ITEM: NavItem = { to: '/support', label: 'shell.nav.support', Icon: UsersIcon };

export function BottomNav() {
  const { t } = useI18n();
  const can = useCan();
  // A staff member sees the sections their permissions cover.
  const items = NAV_ITEMS.filter(({ to }) => {
    const needed = permissionForPath(to);
    return !needed || can(needed);
  });
  if (can('support') && !can('all')) items.splice(items.length - 1, 0, SUPPORT_ITEM);
  return (
    <nav className={styles.nav} aria-label={t('shell.nav.label')} data-testid="bottom-nav">
      {items.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          state={FRESH_TAB}
          end={to === '/'}
          className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
        >
          <Icon size={24} />
          <span className={styles.label}>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
