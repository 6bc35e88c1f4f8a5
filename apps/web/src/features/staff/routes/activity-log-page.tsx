import { type ActivityItem, activityCategoryOf } from '@app/contracts/events';
import type { ActivityPeriod, ActivityType, StaffActivityEntry, StaffMetric } from '@app/contracts/staff';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ActivityList } from '../../../components/activity/activity-list';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { saveInPage } from '../../../lib/save-file';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { fetchActivityCsv } from '../api/change-staff';
import { useStaffActivity, useStaffMember, useStaffMetrics } from '../api/get-staff';
import { MemberHead } from '../components/member-row';
import styles from '../components/staff.module.css';
import { barColour } from '../lib/staff-rules';

const PERIODS: ActivityPeriod[] = ['today', 'yesterday', 'week', 'month', 'all'];
const TYPES: ActivityType[] = ['all', 'orders', 'customers', 'support', 'products', 'system'];

/** A log entry as the app's activity list words it (the same texts as Home's Recent Activity). */
const toItem = (e: StaffActivityEntry): ActivityItem => ({
  id: e.id,
  event: e.type,
  category: activityCategoryOf(e.type),
  botId: e.botId,
  actor: e.actor,
  subject: { kind: e.subject.kind as ActivityItem['subject']['kind'], id: e.subject.id },
  params: Object.fromEntries(
    Object.entries(e.payload).filter(
      (entry): entry is [string, string | number | boolean | null] =>
        entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  ),
  timestamp: e.timestamp,
});

function MetricBar({ metric }: { metric: StaffMetric }) {
  const { t, formatNumber } = useI18n();
  const value =
    metric.metric === 'avg_response_minutes'
      ? t('staff.metric.minutes', { count: metric.value })
      : metric.total !== null
        ? t('staff.metric.ofTotal', { value: formatNumber(metric.value), total: formatNumber(metric.total) })
        : formatNumber(metric.value);
  return (
    <div className={styles.metric} data-testid={`metric-${metric.metric}`}>
      <div className={styles.metricHead}>
        <span>{t(`staff.metric.${metric.metric}` as MessageKey)}</span>
        <span>
          {value}
          {metric.percentage !== null
            ? ` · ${formatNumber(metric.percentage / 100, { style: 'percent' })}`
            : ''}
        </span>
      </div>
      {metric.percentage !== null ? (
        <div className={styles.bar} aria-hidden="true">
          <div
            className={styles.barFill}
            style={{
              width: `${Math.min(100, metric.percentage)}%`,
              background: barColour(metric.percentage),
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Activity Log (spec part 2 §2.2): what the member did, from the audit trail, with metrics and a CSV report. */
export function ActivityLogPage() {
  const { staffId = '' } = useParams();
  const { t } = useI18n();
  const [period, setPeriod] = useState<ActivityPeriod>('week');
  const [type, setType] = useState<ActivityType>('all');
  const member = useStaffMember(staffId);
  const log = useStaffActivity(staffId, period, type);
  const metrics = useStaffMetrics(staffId, period);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await fetchActivityCsv(staffId, { period, type });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      saveInPage(url, `activity-${member.data?.username ?? staffId}-${period}.csv`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      haptics.success();
    } catch {
      haptics.error();
      await showAlert(t('staff.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const items = log.data?.pages.flatMap((p) => p.entries).map(toItem);

  return (
    <Page title={t('shell.screen.activityLog')} data-testid="activity-log-page">
      {member.data ? (
        <Card>
          <MemberHead member={member.data} />
        </Card>
      ) : null}
      <Chips
        label={t('staff.filterPeriod')}
        options={PERIODS.map((p) => ({ value: p, label: t(`staff.period.${p}` as MessageKey) }))}
        value={period}
        onChange={(p) => {
          haptics.selection();
          setPeriod(p);
        }}
      />
      <Chips
        label={t('staff.filterType')}
        options={TYPES.map((p) => ({ value: p, label: t(`staff.type.${p}` as MessageKey) }))}
        value={type}
        onChange={(p) => {
          haptics.selection();
          setType(p);
        }}
      />
      <Card className={styles.section} aria-labelledby="metrics-title">
        <h2 id="metrics-title" className={styles.title}>
          {t('staff.metrics')}
        </h2>
        {metrics.data?.metrics.map((m) => (
          <MetricBar key={m.metric} metric={m} />
        ))}
      </Card>
      <Card data-testid="staff-activity">
        {log.isError ? (
          <ErrorState message={t('staff.activityError')} onRetry={() => void log.refetch()} />
        ) : items && items.length === 0 ? (
          <p className={styles.muted}>{t('staff.noActivity')}</p>
        ) : (
          <ActivityList items={items} isError={false} />
        )}
      </Card>
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          fullWidth
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('staff.loadMore')}
        </Button>
      ) : null}
      <Button variant="secondary" fullWidth disabled={exporting} onClick={() => void exportCsv()}>
        {t('staff.export')}
      </Button>
    </Page>
  );
}
