import { AbandonedCartSettings, CAMPAIGN_LIMITS } from '@app/contracts/campaigns';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useAbandonedCart, useSaveAbandonedCart } from '../api/abandoned-cart';
import styles from '../components/campaigns.module.css';
import { describeCampaignError, showCampaignFailure } from '../lib/messages';

function AbandonedCartForm({ botId, saved }: { botId: string; saved: AbandonedCartSettings }) {
  const { t } = useI18n();
  const save = useSaveAbandonedCart(botId);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [hours, setHours] = useState(String(saved.hours));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEnabled(saved.enabled);
    setHours(String(saved.hours));
  }, [saved]);

  const dirty = enabled !== saved.enabled || hours.trim() !== String(saved.hours);
  useUnsavedChangesGuard(dirty);

  const submit = () => {
    const parsed = AbandonedCartSettings.safeParse({ enabled, hours: Number(hours.trim() || Number.NaN) });
    if (!parsed.success) {
      haptics.error();
      setError(
        t('campaigns.abandoned.hoursInvalid', {
          min: CAMPAIGN_LIMITS.abandonedCartHoursMin,
          max: CAMPAIGN_LIMITS.abandonedCartHoursMax,
        }),
      );
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => haptics.success(),
      onError: (e) => void showCampaignFailure(describeCampaignError(e)),
    });
  };

  useMainButton(t('campaigns.abandoned.save'), submit, {
    enabled: dirty && !save.isPending,
    loading: save.isPending,
  });

  const shownHours = /^\d+$/.test(hours.trim()) ? Number(hours) : saved.hours;
  return (
    <Card className={styles.section}>
      <p className={styles.muted}>{t('campaigns.abandoned.hint', { hours: shownHours })}</p>
      <Switch
        label={t('campaigns.abandoned.enabled')}
        checked={enabled}
        onChange={(on) => {
          haptics.selection();
          setEnabled(on);
        }}
      />
      <Field label={t('campaigns.abandoned.hours')} error={error}>
        {(aria) => (
          <TextInput
            {...aria}
            type="number"
            inputMode="numeric"
            min={CAMPAIGN_LIMITS.abandonedCartHoursMin}
            max={CAMPAIGN_LIMITS.abandonedCartHoursMax}
            step={1}
            value={hours}
            onChange={(e) => {
              setError(null);
              setHours(e.target.value);
            }}
          />
        )}
      </Field>
    </Card>
  );
}

/**
 * /bots/:botId/abandoned-cart (reached from the settings hub's bot links): the bot's single abandoned-cart
 * reminder, on or off, and how many hours (default 6) after a customer leaves a cart. The main button saves.
 */
export function AbandonedCartPage() {
  const { t } = useI18n();
  const { botId = '' } = useParams();
  const query = useAbandonedCart(botId);
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState icon="🤖" title={t('campaigns.abandoned.notFound')} />
      ) : (
        <ErrorState
          message={describeCampaignError(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else body = <AbandonedCartForm botId={botId} saved={query.data} />;
  return (
    <Page title={t('campaigns.abandoned.title')} data-testid="abandoned-cart-page">
      {body}
    </Page>
  );
}
