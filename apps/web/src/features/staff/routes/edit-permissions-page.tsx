import type { Permission } from '@app/contracts/permissions';
import { Permission as PermissionSchema } from '@app/contracts/permissions';
import { type ManagedBots, ROLE_DEFAULTS, type StaffMember, type StaffRole } from '@app/contracts/staff';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useResendInvite, useUpdateStaff } from '../api/change-staff';
import { useStaffMember } from '../api/get-staff';
import { BotPicker } from '../components/bot-picker';
import { InviteCard } from '../components/invite-card';
import { MemberHead } from '../components/member-row';
import { PermissionGrid } from '../components/permission-grid';
import { RoleSelect } from '../components/role-select';
import styles from '../components/staff.module.css';
import { showStaffError, showStaffPopup } from '../lib/staff-rules';

/** Edit Permissions (spec part 2 §2.2, §4, §5.5), with revoke/restore and a new invite link for a pending seat. */
export function EditPermissionsPage() {
  const { staffId = '' } = useParams();
  const { t } = useI18n();
  const member = useStaffMember(staffId);
  if (member.isPending) return <LoadingState />;
  if (member.isError) {
    return (
      <Page title={t('shell.screen.editPermissions')}>
        <Card>
          <ErrorState message={t('staff.error.notFound')} onRetry={() => void member.refetch()} />
        </Card>
      </Page>
    );
  }
  return <EditPermissions key={member.data.id} member={member.data} />;
}

function EditPermissions({ member }: { member: StaffMember }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const update = useUpdateStaff();
  const resend = useResendInvite();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [permissions, setPermissions] = useState<Permission[]>(member.permissions);
  const [bots, setBots] = useState<ManagedBots>(member.managedBots);
  const back = () => void navigate('/staff-management');

  const save = async () => {
    if (permissions.length === 0) {
      haptics.error();
      await showStaffPopup('staff.noPermissionsTitle', 'staff.edit.atLeastOne');
      return;
    }
    update.mutate(
      { id: member.id, body: { role, permissions, managedBots: bots } },
      {
        onSuccess: async () => {
          haptics.success();
          await showStaffPopup('staff.updatedTitle', 'staff.updated', { name: member.name });
          back();
        },
        onError: (error) => void showStaffError(error),
      },
    );
  };

  const setStatus = async (status: 'active' | 'inactive') => {
    if (
      status === 'inactive' &&
      !(await showConfirm(t('staff.revokeConfirm'), t('staff.revoke'), { destructive: true }))
    )
      return;
    update.mutate(
      { id: member.id, body: { status } },
      { onSuccess: () => haptics.success(), onError: (error) => void showStaffError(error) },
    );
  };

  useMainButton(t('staff.save'), () => void save(), {
    enabled: !update.isPending,
    loading: update.isPending,
  });

  const permissionNames = permissions.map((p) => t(`staff.permission.${p}` as MessageKey)).join(', ');
  const botNames = bots === 'all' ? t('staff.allBots') : t('staff.botsCount', { count: bots.length });

  return (
    <Page title={t('shell.screen.editPermissions')} data-testid="edit-permissions-page">
      <Card className={styles.section}>
        <MemberHead member={member} />
        <RoleSelect
          value={role}
          onChange={(next) => {
            setRole(next);
            setPermissions([...ROLE_DEFAULTS[next]]);
          }}
        />
      </Card>
      <Card className={styles.section}>
        {/* Billing is offered here only (spec part 2 §3.7). */}
        <PermissionGrid options={PermissionSchema.options} value={permissions} onChange={setPermissions} />
      </Card>
      <Card className={styles.section}>
        <BotPicker value={bots} onChange={setBots} />
      </Card>
      <Card className={styles.section} aria-labelledby="summary-title">
        <h2 id="summary-title" className={styles.title}>
          {t('staff.summary')}
        </h2>
        <p className={styles.muted} data-testid="permission-summary">
          {t('staff.summaryText', {
            role: t(`staff.role.${role}` as MessageKey),
            permissions: permissionNames || '—',
            bots: botNames,
          })}
        </p>
      </Card>
      {member.status === 'pending' ? (
        resend.data ? (
          <InviteCard invite={resend.data} name={member.name} />
        ) : (
          <Button
            variant="secondary"
            fullWidth
            disabled={resend.isPending}
            onClick={() => resend.mutate(member.id, { onError: (e) => void showStaffError(e) })}
          >
            {t('staff.invite.resend')}
          </Button>
        )
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={back}>
          {t('staff.cancel')}
        </Button>
        {member.status === 'inactive' ? (
          <Button variant="secondary" onClick={() => void setStatus('active')} disabled={update.isPending}>
            {t('staff.restore')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => void setStatus('inactive')}
            disabled={update.isPending}
            data-testid="revoke-staff"
          >
            {t('staff.revoke')}
          </Button>
        )}
      </div>
    </Page>
  );
}
