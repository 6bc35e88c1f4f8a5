import type { StaffMember } from '@app/contracts/staff';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { MiniStat } from '../../../components/ui/mini-stat';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useUpdateStaff } from '../api/change-staff';
import { useStaffList } from '../api/get-staff';
import { useSupportFigures } from '../api/get-support-figures';
import { MemberHead, PermissionChips } from '../components/member-row';
import styles from '../components/staff.module.css';
import { showStaffError } from '../lib/staff-rules';

// Online: a request in the last 5 minutes; busy: online with open conversations assigned (issue 20); the ticket
// figures come from the support inbox's conversations.
type Status = 'online' | 'busy' | 'offline';
type PresenceFilter = 'all' | Status;

/** Support Staff (spec part 2 §2.2): search, presence tabs with counts, expandable cards. */
export function SupportStaffPage() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PresenceFilter>('all');
  const [open, setOpen] = useState<string | null>(null);
  const list = useStaffList({});
  const bots = useBotOptions();
  const update = useUpdateStaff();
  const figures = useSupportFigures();
  const figuresOf = new Map((figures.data?.staff ?? []).map((f) => [f.telegramId, f]));
  const statusOf = (m: StaffMember): Status =>
    m.presence === 'offline'
      ? 'offline'
      : (figuresOf.get(m.telegramId)?.openAssigned ?? 0) > 0
        ? 'busy'
        : 'online';
  const minutes = (ms: number | null | undefined) =>
    ms === null || ms === undefined
      ? '—'
      : t('staff.support.minutes', { count: formatNumber(Math.max(1, Math.round(ms / 60_000))) });

  useMainButton(t('staff.add'), () => {
    haptics.impact('light');
    void navigate('/support-staff/add');
  });

  const usernames = new Map((bots.data ?? []).map((b) => [b.id, b.username]));
  const botsOf = (m: StaffMember) =>
    m.managedBots === 'all'
      ? [t('staff.allBots')]
      : m.managedBots.map((id) => `@${usernames.get(id) ?? '?'}`);
  const needle = search.trim().toLowerCase().replace(/^@/, '');
  const team = (list.data?.staff ?? []).filter((m) => m.status !== 'inactive');
  const matches = team.filter(
    (m) =>
      !needle ||
      m.name.toLowerCase().includes(needle) ||
      (m.username ?? '').toLowerCase().includes(needle) ||
      botsOf(m).some((b) => b.toLowerCase().includes(needle)),
  );
  const count = (f: PresenceFilter) => matches.filter((m) => f === 'all' || statusOf(m) === f).length;
  const shown = matches.filter((m) => filter === 'all' || statusOf(m) === filter);

  const revoke = async (id: string) => {
    if (!(await showConfirm(t('staff.revokeConfirm'), t('staff.revoke'), { destructive: true }))) return;
    update.mutate(
      { id, body: { status: 'inactive' } },
      { onSuccess: () => haptics.success(), onError: (e) => void showStaffError(e) },
    );
  };

  return (
    <Page title={t('shell.screen.supportStaff')} data-testid="support-staff-page">
      <div className={styles.stats}>
        <MiniStat label={t('staff.support.total')} value={formatNumber(team.length)} />
        <MiniStat
          label={t('staff.support.online')}
          value={formatNumber(team.filter((m) => m.presence === 'online').length)}
        />
        <MiniStat label={t('staff.support.avgResponse')} value={minutes(figures.data?.avgFirstResponseMs)} />
        <MiniStat
          label={t('staff.support.ticketsToday')}
          value={formatNumber(figures.data?.ticketsToday ?? 0)}
        />
      </div>
      <SearchInput
        label={t('staff.searchSupport')}
        placeholder={t('staff.searchSupport')}
        value={search}
        onSearch={setSearch}
      />
      <Chips
        label={t('staff.filterStatus')}
        options={(['all', 'online', 'busy', 'offline'] as const).map((f) => ({
          value: f,
          label: `${f === 'all' ? t('staff.all') : t(`staff.presence.${f}`)} (${count(f)})`,
        }))}
        value={filter}
        onChange={setFilter}
      />
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
      ) : shown.length === 0 ? (
        <EmptyState icon="👥" title={t('staff.empty')} hint={t('staff.emptyHint')} />
      ) : (
        <ul className={styles.stack} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((m) => (
            <li key={m.id}>
              <Card className={styles.section}>
                <button
                  type="button"
                  onClick={() => {
                    haptics.selection();
                    setOpen(open === m.id ? null : m.id);
                  }}
                  aria-expanded={open === m.id}
                  style={{ all: 'unset', cursor: 'pointer' }}
                >
                  <MemberHead member={m} />
                </button>
                <p className={styles.muted} data-testid="support-figures">
                  {[
                    t(`staff.presence.${statusOf(m)}`),
                    t('staff.support.handled', {
                      count: formatNumber(figuresOf.get(m.telegramId)?.handled ?? 0),
                    }),
                    t('staff.support.response', {
                      time: minutes(figuresOf.get(m.telegramId)?.avgFirstResponseMs),
                    }),
                    figuresOf.get(m.telegramId)?.rating
                      ? t('staff.support.rating', {
                          rating: formatNumber(figuresOf.get(m.telegramId)?.rating ?? 0),
                          count: formatNumber(figuresOf.get(m.telegramId)?.ratings ?? 0),
                        })
                      : t('staff.support.noRating'),
                  ].join(' · ')}
                </p>
                <span className={styles.row}>
                  {botsOf(m).map((b) => (
                    <span key={b} className={styles.chip}>
                      {b}
                    </span>
                  ))}
                </span>
                {open === m.id ? (
                  <>
                    <PermissionChips member={m} />
                    <p className={styles.muted}>{t('staff.messagingId', { id: m.telegramId })}</p>
                    <div className={styles.actions}>
                      <Button
                        variant="secondary"
                        className={styles.small}
                        onClick={() => void navigate(`/support-staff/${m.id}/edit`)}
                      >
                        {t('staff.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        className={styles.small}
                        onClick={() => void navigate(`/support-staff/${m.id}/assign`)}
                      >
                        {t('staff.assign')}
                      </Button>
                      <Button variant="secondary" className={styles.small} onClick={() => void revoke(m.id)}>
                        {t('staff.revoke')}
                      </Button>
                    </div>
                  </>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
