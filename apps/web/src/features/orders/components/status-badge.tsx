import type { OrderStatus } from '@app/contracts/catalogue';
import { useI18n } from '../../../i18n/i18n';
import { STATUS_KEYS } from '../lib/labels';
import styles from './status-badge.module.css';

/** An order's status in its colour (spec part 1 §2: pending, processing, shipped, … each have one). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}
