import { type AccountDeletion, DELETE_ACCOUNT_PHRASE } from '@app/contracts/account';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { clearAuth } from '../../../lib/session';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useDeleteAccount, useDeleteBot } from '../api/danger';
import styles from '../components/account.module.css';
import { needsStepUp, useSensitive } from '../components/use-sensitive';
import { describeAccountError, showAccountPopup } from '../lib/messages';

function DeleteBot() {
  const { t } = useI18n();
  const bots = useBotOptions();
  const remove = useDeleteBot();
  const sensitive = useSensitive();
  const [botId, setBotId] = useState('');

  const run = () =>
    remove.mutate(botId, {
      onSuccess: () => {
        setBotId('');
        void showAccountPopup('account.danger.botDeletedTitle', t('account.danger.botDeleted'), 'success');
      },
      onError: (error) => {
        if (needsStepUp(error)) sensitive.askCode(run);
        else
          void showAccountPopup(
            'account.errorTitle',
            describeAccountError(error, 'account.danger.failed'),
            'error',
          );
      },
    });

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.danger.deleteBotTitle')}</h2>
      <p className={styles.muted}>{t('account.danger.deleteBotHint')}</p>
      <Field label={t('account.danger.bot')}>
        {(aria) => (
          <Select
            {...aria}
            value={botId}
            onChange={(e) => setBotId(e.target.value)}
            options={[
              { value: '', label: t('account.danger.chooseBot') },
              ...(bots.data ?? []).map((b) => ({ value: b.id, label: `${b.name} (@${b.username})` })),
            ]}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        disabled={remove.isPending}
        onClick={async () => {
          // Spec part 2 §5.6: a selection first.
          if (!botId) {
            await showAccountPopup('account.danger.selectBotTitle', t('account.danger.selectBot'), 'error');
            return;
          }
          if (
            await showConfirm(t('account.danger.deleteBotConfirm'), t('account.danger.deleteBot'), {
              destructive: true,
            })
          )
            run();
        }}
      >
        {t('account.danger.deleteBot')}
      </Button>
      {sensitive.prompt}
    </Card>
  );
}

function DeleteAccount() {
  const { t, formatDate } = useI18n();
  const remove = useDeleteAccount();
  const sensitive = useSensitive();
  const [phrase, setPhrase] = useState('');
  const [scheduled, setScheduled] = useState<AccountDeletion | null>(null);
  const matches = phrase === DELETE_ACCOUNT_PHRASE;

  const run = () =>
    remove.mutate(undefined, {
      onSuccess: (deletion) => {
        haptics.success();
        // Every session has ended: this one's tokens are refused from now on.
        clearAuth();
        setScheduled(deletion);
      },
      onError: (error) => {
        if (needsStepUp(error)) sensitive.askCode(run);
        else
          void showAccountPopup(
            'account.errorTitle',
            describeAccountError(error, 'account.danger.failed'),
            'error',
          );
      },
    });

  if (scheduled) {
    return (
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.danger.scheduledTitle')}</h2>
        <p role="status">{t('account.danger.scheduled', { date: formatDate(scheduled.purgeAt) })}</p>
      </Card>
    );
  }

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.danger.deleteAccountTitle')}</h2>
      <p className={styles.muted}>{t('account.danger.deleteAccountHint')}</p>
      <Field label={t('account.danger.typePhrase', { phrase: DELETE_ACCOUNT_PHRASE })}>
        {(aria) => (
          <TextInput
            {...aria}
            value={phrase}
            autoComplete="off"
            onChange={(e) => setPhrase(e.target.value)}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        disabled={!matches || remove.isPending}
        onClick={async () => {
          if (!matches) {
            await showAccountPopup(
              'account.danger.confirmationRequiredTitle',
              t('account.danger.confirmationRequired'),
              'error',
            );
            return;
          }
          // Spec part 2 §4: confirmed twice.
          if (
            !(await showConfirm(t('account.danger.confirm1'), t('account.danger.deleteAccount'), {
              destructive: true,
            }))
          )
            return;
          if (
            !(await showConfirm(t('account.danger.confirm2'), t('account.danger.deleteAccount'), {
              destructive: true,
            }))
          )
            return;
          run();
        }}
      >
        {t('account.danger.deleteAccount')}
      </Button>
      {sensitive.prompt}
    </Card>
  );
}

/** /settings/danger (spec part 2 §2.3 Danger Zone). */
export function DangerPage() {
  const { t } = useI18n();
  return (
    <Page title={t('shell.screen.dangerZone')} data-testid="danger-page">
      <div className={styles.stack}>
        <DeleteBot />
        <DeleteAccount />
      </div>
    </Page>
  );
}
