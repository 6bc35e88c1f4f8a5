import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { BotIcon, BoxIcon, HomeIcon, OrdersIcon, SettingsIcon } from '../../components/ui/icons';
import styles from './bottom-nav.module.css';

type NavItem = { to: string; label: string; Icon: ComponentType<{ size?: number }> };

const ITEMS: NavItem[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/bots', label: 'Bots', Icon: BotIcon },
  { to: '/products', label: 'Products', Icon: BoxIcon },
  { to: '/orders', label: 'Orders', Icon: OrdersIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
];

export function BottomNav() {
  return (
    <nav className={styles.nav} aria-label="Main navigation" data-testid="bottom-nav">
      {ITEMS.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/'}
          className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
        >
          <Icon size={24} />
          <span className={styles.label}>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
