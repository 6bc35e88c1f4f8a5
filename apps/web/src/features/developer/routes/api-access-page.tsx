import {
  API_RATE_LIMITS,
  type ApiKey,
  type ApiKeyPermission,
  CreateApiKeyBody,
  type CreatedApiKey,
} from '@app/contracts/developer';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { API_BASE, vendorPath } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import styles from '../components/developer.module.css';
import { copyText, describeDeveloperError, showFailure, showValidationPopup } from '../lib/messages';

const PERMISSIONS: readonly ApiKeyPermission[] = ['read', 'write', 'delete'];
/** The expiry choices, in days (0: never). */
const EXPIRY_DAYS = [0, 30, 90, 365] as const;
const WINDOW_KEYS: Record<string, MessageKey> = {
  minute: 'developer.apiKeys.perMinute',
  hour: 'developer.apiKeys.perHour',
  day: 'developer.apiKeys.perDay',
};

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t, formatDate, formatRelativeTime } = useI18n();
  const revoke = useRevokeApiKey();
  const onRevoke = async () => {
    if (
      !(await showConfirm(
        t('developer.apiKeys.revokeConfirm', { name: apiKey.name }),
        t('developer.apiKeys.revoke'),
      ))
    )
      return;
    revoke.mutate(apiKey.id, { onSuccess: () => haptics.success(), onError: (e) => void showFailure(e) });
  };
  const statusClass = apiKey.status === 'active' ? styles.chipOk : styles.chipBad;
  return (
    <li className={styles.item} data-testid="api-key">
      <div className={styles.row}>
        <span className={`${styles.itemTitle} ${styles.grow}`}>{apiKey.name}</span>
        <span className={statusClass}>{t(`developer.apiKeys.status.${apiKey.status}`)}</span>
      </div>
      <code className={styles.mono}>bsk_live_••••{apiKey.last4}</code>
      <div className={styles.row}>
        {apiKey.permissions.map((p) => (
          <span key={p} className={styles.chip}>
            {t(`developer.apiKeys.permission.${p}`)}
          </span>
        ))}
      </div>
      <p className={styles.muted}>
        {t('developer.apiKeys.created', { date: formatDate(apiKey.createdAt) })} ·{' '}
        {apiKey.lastUsedAt
          ? t('developer.apiKeys.lastUsed', { time: formatRelativeTime(apiKey.lastUsedAt) })
          : t('developer.apiKeys.neverUsed')}
        {apiKey.expiresAt
          ? ` · ${t('developer.apiKeys.expires', { date: formatDate(apiKey.expiresAt) })}`
          : ''}
      </p>
      {apiKey.status === 'active' ? (
        <Button
          variant="secondary"
          className={styles.small}
          disabled={revoke.isPending}
          onClick={() => void onRevoke()}
        >
          {t('developer.apiKeys.revoke')}
        </Button>
      ) : null}
    </li>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <Card className={`${styles.section} ${styles.secret}`} data-testid="new-api-key">
      <h2 className={styles.sectionTitle}>{t('developer.apiKeys.newKeyTitle')}</h2>
      <p className={styles.muted}>{t('developer.apiKeys.newKeyOnce')}</p>
      <code className={styles.mono} data-testid="new-api-key-value">
        {created.key}
      </code>
      <div className={styles.row}>
        <Button
          variant="secondary"
          className={styles.small}
          onClick={() => void copyText(created.key).then((ok) => setCopied(ok))}
        >
          {copied ? t('developer.copied') : t('developer.copy')}
        </Button>
        <Button variant="plain" className={styles.small} onClick={onDone}>
          {t('developer.apiKeys.done')}
        </Button>
      </div>
    </Card>
  );
}

/** /settings/api (spec part 2 §2.3 "API Access"): the keys, making and revoking one, the limits and the endpoint. */
export function ApiAccessPage() {
  const { t } = useI18n();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [expiryDays, setExpiryDays] = useState<number>(0);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copiedEndpoint, setCopiedEndpoint] = useState(false);
  const endpoint = `${window.location.origin}${API_BASE}${vendorPath('')}`;

  const submit = () => {
    // Spec part 2 §5.6: 'Name Required' / 'Please enter a name for the API key.'
    if (!CreateApiKeyBody.safeParse({ name }).success) {
      void showValidationPopup('developer.apiKeys.nameRequiredTitle', 'developer.apiKeys.nameRequired');
      return;
    }
    const expiresAt = expiryDays ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : null;
    create.mutate(
      { name: name.trim(), permissions, expiresAt },
      {
        onSuccess: (key) => {
          haptics.success();
          setCreated(key);
          setName('');
          setPermissions(['read']);
          setExpiryDays(0);
        },
        onError: (e) => void showFailure(e),
      },
    );
  };
  useMainButton(t('developer.apiKeys.create'), submit, {
    enabled: !create.isPending,
    loading: create.isPending,
  });

  const toggle = (p: ApiKeyPermission, on: boolean) =>
    setPermissions((ps) => (on ? [...new Set([...ps, p])] : ps.filter((x) => x !== p)));

  return (
    <Page title={t('shell.screen.apiAccess')} data-testid="api-access-page">
      <div className={styles.stack}>
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.apiKeys.title')}</h2>
          {keys.isPending ? (
            <LoadingState label={t('developer.loading')} />
          ) : keys.isError ? (
            <ErrorState
              message={describeDeveloperError(keys.error, 'developer.loadError')}
              onRetry={() => void keys.refetch()}
              retrying={keys.isFetching}
            />
          ) : keys.data.keys.length === 0 ? (
            <p className={styles.muted}>{t('developer.apiKeys.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {keys.data.keys.map((k) => (
                <KeyRow key={k.id} apiKey={k} />
              ))}
            </ul>
          )}
          {keys.data && !keys.data.planIncludesApi ? (
            <p className={styles.bad} role="note">
              {t('developer.apiKeys.planNeeded')}
            </p>
          ) : null}
        </Card>

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.apiKeys.createTitle')}</h2>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Field label={t('developer.apiKeys.name')}>
              {(aria) => (
                <TextInput
                  {...aria}
                  value={name}
                  maxLength={64}
                  placeholder={t('developer.apiKeys.namePlaceholder')}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('developer.apiKeys.expiry')}>
              {(aria) => (
                <Select
                  {...aria}
                  value={String(expiryDays)}
                  onChange={(e) => setExpiryDays(Number(e.target.value))}
                  options={EXPIRY_DAYS.map((d) => ({
                    value: String(d),
                    label:
                      d === 0
                        ? t('developer.apiKeys.expiryNever')
                        : t('developer.apiKeys.expiryDays', { days: d }),
                  }))}
                />
              )}
            </Field>
          </form>
          <fieldset className={styles.section}>
            <legend className={styles.muted}>{t('developer.apiKeys.permissions')}</legend>
            {PERMISSIONS.map((p) => (
              <label key={p} className={styles.check}>
                <input
                  type="checkbox"
                  checked={permissions.includes(p)}
                  // Read comes with every key.
                  disabled={p === 'read'}
                  onChange={(e) => toggle(p, e.target.checked)}
                />
                {t(`developer.apiKeys.permission.${p}`)}
              </label>
            ))}
          </fieldset>
        </Card>

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.apiKeys.endpoint')}</h2>
          <code className={styles.mono} data-testid="api-endpoint">
            {endpoint}
          </code>
          <div className={styles.row}>
            <Button
              variant="secondary"
              className={styles.small}
              onClick={() => void copyText(endpoint).then((ok) => setCopiedEndpoint(ok))}
            >
              {copiedEndpoint ? t('developer.copied') : t('developer.copy')}
            </Button>
            <a className={styles.link} href="/api/docs" target="_blank" rel="noreferrer">
              {t('developer.apiKeys.docs')}
            </a>
          </div>
          <p className={styles.muted}>{t('developer.apiKeys.howTo')}</p>
        </Card>

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.apiKeys.limits')}</h2>
          <ul className={styles.list}>
            {API_RATE_LIMITS.map((l) => (
              <li key={l.name} className={styles.item}>
                {t(WINDOW_KEYS[l.name] as MessageKey, { limit: formatCount(l.limit) })}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Page>
  );
}
