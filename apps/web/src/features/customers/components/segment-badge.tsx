import type { CustomerSegment } from '@app/contracts/catalogue';
import { useI18n } from '../../../i18n/i18n';
import { SEGMENT_KEYS } from '../lib/labels';
import styles from './customers.module.css';

export function SegmentBadge({ segment }: { segment: CustomerSegment }) {
  const { t } = useI18n();
  return <span className={`${styles.badge} ${styles[`segment${segment}`]}`}>{t(SEGMENT_KEYS[segment])}</span>;
}
