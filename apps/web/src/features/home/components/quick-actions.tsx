import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BotIcon, ChartIcon, OrdersIcon, UsersIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../lib/me';
import styles from './home-cards.module.css';

type Counts = { bots?: number; customers?: number; orders?: number; analytics?: string };

/** Spec part 1 §2: Manage Bots, Customers, View Orders, Analytics, each with a count badge. */
export function QuickActions({ counts }: { counts: Counts }) {
  const { t, formatNumber } = useI18n();
  const can = useCan();
  const actions: { to: string; label: string; icon: ReactNode; badge?: string; shown: boolean }[] = [
    {
      to: '/bots',
      shown: can('bots'),
      label: t('home.actions.manageBots'),
      icon: <BotIcon size={22} />,
      badge: counts.bots === undefined ? undefined : formatNumber(counts.bots),
    },
    {
      to: '/customers',
      shown: can('customers'),
      label: t('home.actions.customers'),
      icon: <UsersIcon size={22} />,
      badge:
        counts.customers === undefined ? undefined : formatNumber(counts.customers, { notation: 'compact' }),
    },
    {
      to: '/orders',
      shown: can('orders'),
      label: t('home.actions.viewOrders'),
      icon: <OrdersIcon size={22} />,
      badge: counts.orders === undefined ? undefined : formatNumber(counts.orders, { notation: 'compact' }),
    },
    {
      to: '/support',
      shown: can('support'),
      label: t('home.actions.support'),
      icon: <UsersIcon size={22} />,
    },
    {
      to: '/analytics',
      shown: can('analytics'),
      label: t('home.actions.analytics'),
      icon: <ChartIcon size={22} />,
      badge: counts.analytics,
    },
  ];
  return (
    <section aria-labelledby="home-actions-title" className={styles.block}>
      <h2 id="home-actions-title" className={styles.title}>
        {t('home.actions.title')}
      </h2>
      <div className={styles.actions}>
        {actions
          .filter((action) => action.shown)
          .map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className={styles.action}
              aria-label={
                action.badge
                  ? t('home.actions.badge', { label: action.label, count: action.badge })
                  : action.label
              }
            >
              <span className={styles.actionIcon}>{action.icon}</span>
              <span className={styles.actionLabel}>{action.label}</span>
              {action.badge ? (
                <span className={styles.badge} aria-hidden="true">
                  {action.badge}
                </span>
              ) : null}
            </Link>
          ))}
      </div>
    </section>
  );
}
