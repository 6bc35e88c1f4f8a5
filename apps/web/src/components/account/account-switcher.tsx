import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useAccounts, useSwitchAccount } from '../../lib/accounts';
import { haptics } from '../../lib/telegram/bridge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import styles from '../ui/states.module.css';

/**
 * The account switcher (Settings): shown to a person with more than one account (their own store, seats in
 * other stores). Switching opens Home in the other account.
 */
export function AccountSwitcher() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const accounts = useAccounts();
  const switchTo = useSwitchAccount();
  const list = accounts.data?.accounts ?? [];
  if (list.length < 2) return null;
  return (
    <Card aria-labelledby="accounts-title" data-testid="account-switcher">
      <h2 id="accounts-title" style={{ margin: '0 0 8px', fontSize: 17 }}>
        {t('staff.accounts.title')}
      </h2>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {list.map((account) => (
          <li key={account.vendor.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ flex: '1 1 auto', minWidth: 0 }}>
              <strong>{account.vendor.storeName}</strong>
              <br />
              <span className={styles.hint}>
                {account.role === 'VENDOR' ? t('staff.accounts.owner') : t('staff.accounts.staff')}
              </span>
            </span>
            {account.current ? (
              <span className={styles.hint}>{t('staff.accounts.current')}</span>
            ) : (
              <Button
                variant="secondary"
                disabled={switchTo.isPending}
                onClick={() =>
                  switchTo.mutate(account.vendor.id, {
                    onSuccess: () => {
                      haptics.success();
                      void navigate('/', { replace: true });
                    },
                    onError: () => haptics.error(),
                  })
                }
              >
                {t('staff.accounts.switch')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
