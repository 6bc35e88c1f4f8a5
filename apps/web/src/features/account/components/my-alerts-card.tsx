import type { Permission } from '@app/contracts/permissions';
import type { AlertKind } from '@app/contracts/staff';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { useMyAlerts, useSaveMyAlerts } from '../api/my-alerts';
import { describeAccountError, showAccountPopup } from '../lib/messages';
import styles from './account.module.css';

/** Each kind of alert, and the permission whose holders hear of it (the server's `staffToTell`). */
const KINDS: readonly [kind: AlertKind, needs: Permission][] = [
  ['orders', 'orders'],
  ['stock', 'products'],
  ['support', 'support'],
  ['plan', 'billing'],
];

/**
 * "My alerts": a staff member's own platform-bot alerts in this account, one switch per kind they can hear of
 * (on: told; off: muted for them alone). A switch saves at once (`PUT /me/alerts`) and goes back if it fails.
 */
export function MyAlertsCard() {
  const { t } = useI18n();
  const can = useCan();
  const query = useMyAlerts(true);
  const save = useSaveMyAlerts();
  const kinds = KINDS.filter(([, needs]) => can(needs));

  const toggle = (kind: AlertKind, on: boolean) => {
    if (!query.data) return;
    haptics.selection();
    const muted = on ? query.data.muted.filter((k) => k !== kind) : [...query.data.muted, kind];
    save.mutate(
      { muted },
      {
        onError: (error) =>
          void showAccountPopup(
            'account.errorTitle',
            describeAccountError(error, 'myAlerts.saveFailed'),
            'error',
          ),
      },
    );
  };

  let body: React.ReactNode;
  if (kinds.length === 0) body = <p className={styles.muted}>{t('myAlerts.none')}</p>;
  else if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        message={describeAccountError(query.error, 'myAlerts.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else {
    const muted = query.data.muted;
    body = (
      <ul className={styles.list}>
        {kinds.map(([kind]) => (
          <li key={kind} className={styles.item} data-testid={`my-alert-${kind}`}>
            <span className={styles.itemMain}>
              <span className={styles.itemTitle}>{t(`myAlerts.kind.${kind}`)}</span>
            </span>
            <Switch
              label={t(`myAlerts.kind.${kind}`)}
              hideLabel
              checked={!muted.includes(kind)}
              onChange={(on) => toggle(kind, on)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className={styles.section} data-testid="my-alerts">
      <h2 className={styles.sectionTitle}>{t('myAlerts.title')}</h2>
      <p className={styles.muted}>{t('myAlerts.hint')}</p>
      {body}
    </Card>
  );
}
