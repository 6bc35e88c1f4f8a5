import type { Campaign } from '@app/contracts/campaigns';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useCampaigns, useCancelCampaign } from '../api/campaigns';
import styles from '../components/campaigns.module.css';
import { describeCampaignError, showCampaignFailure } from '../lib/messages';

function CampaignRow({ campaign }: { campaign: Campaign }) {
  const { t, formatDate, formatNumber } = useI18n();
  const cancel = useCancelCampaign();
  const p = campaign.progress;
  const percent = p.total === 0 ? 0 : Math.round((p.sent / p.total) * 100);
  const running = campaign.status === 'sending' || campaign.status === 'scheduled';
  const onCancel = async () => {
    if (!(await showConfirm(t('campaigns.cancelConfirm'), t('campaigns.cancel'), { destructive: true })))
      return;
    cancel.mutate(campaign.id, {
      onSuccess: () => haptics.success(),
      onError: (e) => void showCampaignFailure(describeCampaignError(e)),
    });
  };
  return (
    <li data-testid="campaign">
      <Card className={styles.section}>
        <div className={styles.row}>
          <span className={styles.grow}>
            <strong>{campaign.name || `@${campaign.botUsername}`}</strong>
          </span>
          <span className={styles.chip} data-testid="campaign-status">
            {t(`campaigns.status.${campaign.status}`)}
          </span>
        </div>
        <p className={styles.muted}>
          @{campaign.botUsername} · {t(`campaigns.compose.segment.${campaign.segment}`)} ·{' '}
          {formatDate(campaign.createdAt)}
        </p>
        <p className={styles.text}>{campaign.text.replace(/<[^>]+>/g, '')}</p>
        {campaign.status === 'scheduled' && campaign.scheduledAt ? (
          <p className={styles.muted}>
            {t('campaigns.scheduledFor', {
              date: formatDate(campaign.scheduledAt, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
        ) : null}
        {p.total > 0 ? (
          <>
            <div
              className={styles.bar}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t('campaigns.progress', {
                sent: formatNumber(p.sent),
                total: formatNumber(p.total),
              })}
            >
              <div className={styles.barFill} style={{ width: `${percent}%` }} />
            </div>
            <p className={styles.muted} data-testid="campaign-progress">
              {t('campaigns.progress', { sent: formatNumber(p.sent), total: formatNumber(p.total) })}
            </p>
            <div className={styles.stats}>
              <span>
                {t('campaigns.delivered')}: {formatNumber(p.delivered)}
              </span>
              <span>
                {t('campaigns.failedCount')}: {formatNumber(p.failed)}
              </span>
              <span>
                {t('campaigns.blocked')}: {formatNumber(p.blocked)}
              </span>
            </div>
          </>
        ) : null}
        {running ? (
          <Button variant="secondary" onClick={() => void onCancel()} disabled={cancel.isPending}>
            {t('campaigns.cancel')}
          </Button>
        ) : null}
      </Card>
    </li>
  );
}

/** /campaigns: the vendor's campaigns with their live progress (polled while one sends); New on the main button. */
export function CampaignsPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  useMainButton(t('campaigns.new'), () => navigate('/campaigns/new'));
  return (
    <Page title={t('campaigns.title')} data-testid="campaigns-page">
      {campaigns.isPending ? (
        <LoadingState />
      ) : campaigns.isError ? (
        <ErrorState message={t('campaigns.loadError')} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <EmptyState title={t('campaigns.empty')} hint={t('campaigns.emptyHint')} icon="📣" />
      ) : (
        <ul className={styles.list}>
          {campaigns.data.campaigns.map((c) => (
            <CampaignRow key={c.id} campaign={c} />
          ))}
        </ul>
      )}
    </Page>
  );
}
