import type { Permission } from '@app/contracts/permissions';
import {
  ADD_FORM_PERMISSIONS,
  type CreateStaffResponse,
  type ManagedBots,
  ROLE_DEFAULTS,
  type StaffRole,
} from '@app/contracts/staff';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextArea, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { haptics, openTelegramLink } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useAddStaff, usePickStaff } from '../api/change-staff';
import { BotPicker } from '../components/bot-picker';
import { InviteCard } from '../components/invite-card';
import { PermissionGrid } from '../components/permission-grid';
import { RoleSelect } from '../components/role-select';
import styles from '../components/staff.module.css';
import { showStaffError, showStaffPopup } from '../lib/staff-rules';

/**
 * Add New Staff (spec part 2 §2.2, §3.7, §5.5). Adding makes a pending seat and an invite link: after the
 * spec's "Staff Added" popup the link is shown with Copy and Share; Done goes to the staff list.
 */
export function AddStaffPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const add = useAddStaff();
  const [telegramId, setTelegramId] = useState('');
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('support_agent');
  const [permissions, setPermissions] = useState<Permission[]>([...ROLE_DEFAULTS.support_agent]);
  const [bots, setBots] = useState<ManagedBots>('all');
  const [notes, setNotes] = useState('');
  const [added, setAdded] = useState<CreateStaffResponse | null>(null);
  const pick = usePickStaff();

  // Telegram's own user picker, offered in the platform bot's chat (a Mini App cannot open it): the form is kept
  // without the person, and the person chosen there is added with it (the bot answers with the invite link).
  const pickFromTelegram = async () => {
    if (permissions.length === 0) {
      haptics.error();
      await showStaffPopup('staff.noPermissionsTitle', 'staff.noPermissions');
      return;
    }
    pick.mutate(
      { role, permissions, managedBots: bots, notes: notes.trim() || null },
      {
        onSuccess: async (response) => {
          if (response.sent) haptics.success();
          else haptics.warning();
          await showStaffPopup(
            response.sent ? 'staffPick.sentTitle' : 'staffPick.notStartedTitle',
            response.sent ? 'staffPick.sent' : 'staffPick.notStarted',
          );
          if (response.chatUrl) openTelegramLink(response.chatUrl);
          if (response.sent) void navigate('/staff-management', { replace: true });
        },
        onError: (error) => void showStaffError(error),
      },
    );
  };

  const submit = async () => {
    const id = Number(telegramId.trim());
    if (!telegramId.trim() || !Number.isSafeInteger(id) || id <= 0 || !name.trim()) {
      haptics.error();
      await showStaffPopup('staff.missingTitle', 'staff.missing');
      return;
    }
    if (permissions.length === 0) {
      haptics.error();
      await showStaffPopup('staff.noPermissionsTitle', 'staff.noPermissions');
      return;
    }
    add.mutate(
      {
        telegramId: id,
        name: name.trim(),
        username: username.trim() || null,
        role,
        permissions,
        managedBots: bots,
        notes: notes.trim() || null,
      },
      {
        onSuccess: async (response) => {
          haptics.success();
          await showStaffPopup('staff.addedTitle', 'staff.added', { name: response.member.name });
          setAdded(response);
        },
        onError: (error) => void showStaffError(error),
      },
    );
  };

  const done = () => void navigate('/staff-management', { replace: true });
  useMainButton(added ? t('staff.invite.done') : t('staff.add'), added ? done : () => void submit(), {
    enabled: !add.isPending,
    loading: add.isPending,
  });

  if (added) {
    return (
      <Page title={t('shell.screen.addStaff')} data-testid="add-staff-page">
        <InviteCard invite={added.invite} name={added.member.name} />
      </Page>
    );
  }

  return (
    <Page title={t('shell.screen.addStaff')} data-testid="add-staff-page">
      <Card className={styles.section}>
        <p className={styles.muted}>{t('staffPick.hint')}</p>
        <Button
          variant="secondary"
          fullWidth
          onClick={() => void pickFromTelegram()}
          disabled={pick.isPending}
          data-testid="staff-pick-telegram"
        >
          {t('staffPick.button')}
        </Button>
      </Card>
      <Card className={styles.section}>
        <Field label={t('staff.form.telegramId')} hint={t('staff.form.telegramIdHint')}>
          {(aria) => (
            <TextInput
              {...aria}
              inputMode="numeric"
              value={telegramId}
              onChange={(e) => setTelegramId(e.target.value.replace(/\D/g, ''))}
              data-testid="staff-telegram-id"
            />
          )}
        </Field>
        <Field label={t('staff.form.name')}>
          {(aria) => (
            <TextInput {...aria} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label={t('staff.form.username')}>
          {(aria) => (
            <TextInput
              {...aria}
              value={username}
              maxLength={64}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <RoleSelect
          value={role}
          onChange={(next) => {
            setRole(next);
            // The role's defaults (spec part 2 §4), which the grid can then adjust.
            setPermissions([...ROLE_DEFAULTS[next]]);
          }}
        />
      </Card>
      <Card className={styles.section}>
        <PermissionGrid options={ADD_FORM_PERMISSIONS} value={permissions} onChange={setPermissions} />
      </Card>
      <Card className={styles.section}>
        <BotPicker value={bots} onChange={setBots} />
      </Card>
      <Card className={styles.section}>
        <Field label={t('staff.form.notes')}>
          {(aria) => (
            <TextArea {...aria} value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
          )}
        </Field>
      </Card>
      <Button variant="secondary" fullWidth onClick={() => void navigate('/staff-management')}>
        {t('staff.cancel')}
      </Button>
    </Page>
  );
}
