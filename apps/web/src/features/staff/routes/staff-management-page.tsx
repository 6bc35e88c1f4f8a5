import { StaffRole } from '@app/contracts/staff';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useRemoveStaff } from '../api/change-staff';
import { useStaffList } from '../api/get-staff';
import { MemberHead, PermissionChips } from '../components/member-row';
import styles from '../components/staff.module.css';
import { showStaffError } from '../lib/staff-rules';

type RoleFilter = 'all' | StaffRole;

/** Staff Management (spec part 2 §2.2): search, role filter, each member with Permissions, Activity, Remove. */
export function StaffManagementPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const list = useStaffList({ search, ...(role === 'all' ? {} : { role }) });
  const remove = useRemoveStaff();

  useMainButton(t('staff.add'), () => {
    haptics.impact('light');
    void navigate('/staff/new');
  });

  const roles: { value: RoleFilter; label: string }[] = [
    { value: 'all', label: t('staff.all') },
    // The spec's filter: All, Admin, Support Manager, Support Agent, Developer (and Analyst, a role too).
    ...StaffRole.options.map((r) => ({ value: r, label: t(`staff.role.${r}` as MessageKey) })),
  ];

  const onRemove = async (id: string) => {
    if (!(await showConfirm(t('staff.revokeConfirm'), t('staff.remove'), { destructive: true }))) return;
    remove.mutate(id, { onSuccess: () => haptics.success(), onError: (e) => void showStaffError(e) });
  };

  return (
    <Page title={t('shell.screen.staffManagement')} data-testid="staff-management-page">
      <SearchInput
        label={t('staff.search')}
        placeholder={t('staff.search')}
        value={search}
        onSearch={setSearch}
      />
      <Chips label={t('staff.filterRole')} options={roles} value={role} onChange={setRole} />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <Card>
          <ErrorState
            message={t('staff.loadError')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : list.data.staff.length === 0 ? (
        <EmptyState icon="👥" title={t('staff.empty')} hint={t('staff.emptyHint')} />
      ) : (
        <ul className={styles.stack} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.staff.map((m) => (
            <li key={m.id} data-testid={`staff-${m.telegramId}`}>
              <Card className={styles.section}>
                <MemberHead member={m} />
                <PermissionChips member={m} />
                <p className={styles.muted}>{t('staff.messagingId', { id: m.telegramId })}</p>
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    className={styles.small}
                    onClick={() => void navigate(`/staff/${m.id}/permissions`)}
                  >
                    {t('staff.permissions')}
                  </Button>
                  <Button
                    variant="secondary"
                    className={styles.small}
                    onClick={() => void navigate(`/staff/${m.id}/activity`)}
                  >
                    {t('staff.activity')}
                  </Button>
                  <Button
                    variant="secondary"
                    className={styles.small}
                    disabled={remove.isPending}
                    onClick={() => void onRemove(m.id)}
                  >
                    {t('staff.remove')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
