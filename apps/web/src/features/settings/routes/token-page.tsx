import { type BotTokenInfo, ReplaceTokenBody } from '@app/contracts/settings';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useClearCache } from '../api/clear-cache';
import { useBotTokenInfo } from '../api/get-token';
import { useReplaceToken } from '../api/replace-token';
import { useTestConnection } from '../api/test-connection';
import { useUpdateWebhook } from '../api/update-webhook';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { describeSettingsError, showSaveError, showValidationPopup } from '../lib/messages';

function TokenSettings({ botId, info }: { botId: string; info: BotTokenInfo }) {
  const { t, formatRelativeTime } = useI18n();
  const replace = useReplaceToken(botId);
  const test = useTestConnection(botId);
  const webhook = useUpdateWebhook(botId);
  const clear = useClearCache(botId);
  const [newToken, setNewToken] = useState('');
  const [copied, setCopied] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // A new token typed in and not saved: leaving or closing asks first.
  useUnsavedChangesGuard(newToken.trim() !== '');

  const copy = async () => {
    // Only the masked form is ever here: the whole token never comes back from the server.
    await navigator.clipboard?.writeText(info.maskedToken).catch(() => undefined);
    haptics.success();
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  const updateToken = () => {
    // Spec part 2 §5.6: 'Invalid Token' / 'Please enter a valid bot token.'
    if (!ReplaceTokenBody.safeParse({ token: newToken }).success) {
      void showValidationPopup('settings.token.invalidTitle', 'settings.token.invalid');
      return;
    }
    replace.mutate(newToken.trim(), {
      onSuccess: () => {
        haptics.success();
        setNewToken('');
        setDone(t('settings.token.updated'));
      },
      onError: (error) => void showSaveError(error),
    });
  };

  useMainButton(t('settings.token.update'), updateToken, {
    enabled: !replace.isPending,
    loading: replace.isPending,
  });

  const clearCache = async () => {
    if (!(await showConfirm(t('settings.token.clearCacheConfirm'), t('settings.token.clearCache')))) return;
    clear.mutate(undefined, {
      onSuccess: () => haptics.success(),
      onError: (error) => void showSaveError(error),
    });
  };

  return (
    <div className={styles.stack}>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.token.current')}</h2>
        <div className={styles.row}>
          <code className={`${styles.mono} ${styles.grow}`} data-testid="masked-token">
            {info.maskedToken}
          </code>
          <Button variant="secondary" className={styles.small} onClick={() => void copy()}>
            {copied ? t('settings.token.copied') : t('settings.token.copy')}
          </Button>
        </div>
        <p className={styles.muted}>
          {t('settings.token.username')}: @{info.username}
        </p>
        <p className={styles.muted}>
          {t('settings.token.webhook')}:{' '}
          {info.webhookUrl ? (
            <span className={styles.mono}>{info.webhookUrl}</span>
          ) : (
            t('settings.token.webhookOff')
          )}
        </p>
        {info.cacheClearedAt ? (
          <p className={styles.muted}>
            {t('settings.token.cacheCleared', { time: formatRelativeTime(info.cacheClearedAt) })}
          </p>
        ) : null}
      </Card>

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.token.actions')}</h2>
        <Button
          variant="secondary"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: (r) => (r.connected ? haptics.success() : haptics.error()),
              onError: () => haptics.error(),
            })
          }
        >
          {test.isPending ? t('settings.token.testing') : t('settings.token.test')}
        </Button>
        {test.data ? (
          <p className={test.data.connected ? styles.ok : styles.bad} role="status">
            {test.data.connected
              ? t('settings.token.connected', { username: test.data.username ?? info.username })
              : t('settings.token.notConnected', { error: test.data.error ?? '' })}
          </p>
        ) : test.error ? (
          <p className={styles.bad} role="status">
            {describeSettingsError(test.error)}
          </p>
        ) : null}
        <Button
          variant="secondary"
          disabled={webhook.isPending}
          onClick={() =>
            webhook.mutate(undefined, {
              onSuccess: () => {
                haptics.success();
                setDone(t('settings.token.webhookUpdated'));
              },
              onError: (error) => void showSaveError(error),
            })
          }
        >
          {t('settings.token.updateWebhook')}
        </Button>
        <Button variant="secondary" disabled={clear.isPending} onClick={() => void clearCache()}>
          {t('settings.token.clearCache')}
        </Button>
        <a
          className={styles.linkRow}
          href={`https://t.me/${encodeURIComponent(info.username)}`}
          target="_blank"
          rel="noreferrer"
        >
          <span className={styles.linkIcon} aria-hidden="true">
            💬
          </span>
          <span className={styles.grow}>{t('settings.token.openChat')}</span>
          <span aria-hidden="true">↗</span>
        </a>
        <Link className={styles.linkRow} to={`/bots/${encodeURIComponent(botId)}`}>
          <span className={styles.linkIcon} aria-hidden="true">
            📊
          </span>
          <span className={styles.grow}>{t('settings.token.analytics')}</span>
          <span aria-hidden="true">›</span>
        </Link>
        {done ? (
          <p className={styles.ok} role="status">
            ✓ {done}
          </p>
        ) : null}
      </Card>

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.token.update')}</h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            updateToken();
          }}
        >
          <Field label={t('settings.token.newToken')} hint={t('settings.token.newTokenHint')}>
            {(aria) => (
              <TextInput
                {...aria}
                mono
                value={newToken}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setNewToken(e.target.value.trim())}
              />
            )}
          </Field>
        </form>
      </Card>
    </div>
  );
}

/** /bots/:botId/token (spec part 2 §2.3): the masked token, its checks, and replacing it. */
export function TokenPage() {
  const { botId = '' } = useParams();
  const query = useBotTokenInfo(botId);
  return (
    <BotSettingsScreen title="shell.screen.botToken" query={query} testId="token-page">
      {(info) => <TokenSettings botId={botId} info={info} />}
    </BotSettingsScreen>
  );
}
