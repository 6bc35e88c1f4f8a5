import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_MESSAGES,
  type Webhook,
  WebhookBody,
  type WebhookDelivery,
  type WebhookEvent,
} from '@app/contracts/developer';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import {
  useAddWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useRotateSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import styles from '../components/developer.module.css';
import { copyText, describeDeveloperError, showFailure, showValidationPopup } from '../lib/messages';

const GROUPS = Object.entries(WEBHOOK_EVENT_GROUPS) as [
  keyof typeof WEBHOOK_EVENT_GROUPS,
  readonly WebhookEvent[],
][];

/** A test's or a delivery's outcome in words: 'Webhook responded with 200 OK', the error, or the code. */
function useOutcomeText() {
  const { t } = useI18n();
  return (d: WebhookDelivery) => {
    if (d.status === 'success') return t('developer.webhooks.responded', { code: d.httpStatus ?? 200 });
    if (d.error === 'Connection timeout') return t('developer.webhooks.timeout');
    if (d.httpStatus) return t('developer.webhooks.respondedError', { code: d.httpStatus });
    return t('developer.webhooks.failedWith', { error: d.error ?? '' });
  };
}

/** A secret shown once (a new webhook's, or a rotated one). */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <Card className={`${styles.section} ${styles.secret}`} data-testid="webhook-secret">
      <h2 className={styles.sectionTitle}>{t('developer.webhooks.secretTitle')}</h2>
      <p className={styles.muted}>{t('developer.webhooks.secretOnce')}</p>
      <code className={styles.mono}>{secret}</code>
      <div className={styles.row}>
        <Button
          variant="secondary"
          className={styles.small}
          onClick={() => void copyText(secret).then(setCopied)}
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

function WebhookItem({
  botId,
  webhook,
  onSecret,
}: {
  botId: string;
  webhook: Webhook;
  onSecret: (s: string) => void;
}) {
  const { t, formatRelativeTime } = useI18n();
  const outcome = useOutcomeText();
  const test = useTestWebhook(botId);
  const update = useUpdateWebhook(botId);
  const remove = useDeleteWebhook(botId);
  const rotate = useRotateSecret(botId);
  const statusClass =
    webhook.status === 'active' ? styles.chipOk : webhook.status === 'error' ? styles.chipBad : styles.chip;

  const onDelete = async () => {
    if (!(await showConfirm(t('developer.webhooks.deleteConfirm'), t('developer.webhooks.delete')))) return;
    remove.mutate(webhook.id, { onSuccess: () => haptics.success(), onError: (e) => void showFailure(e) });
  };
  const onRotate = async () => {
    if (!(await showConfirm(t('developer.webhooks.rotateConfirm'), t('developer.webhooks.rotate')))) return;
    rotate.mutate(webhook.id, { onSuccess: (r) => onSecret(r.secret), onError: (e) => void showFailure(e) });
  };

  return (
    <li className={styles.item} data-testid="webhook">
      <div className={styles.row}>
        <span className={`${styles.mono} ${styles.grow}`}>{webhook.url}</span>
        <span className={statusClass}>{t(`developer.webhooks.status.${webhook.status}`)}</span>
      </div>
      <div className={styles.row}>
        {webhook.events.map((e) => (
          <span key={e} className={styles.chip}>
            {e}
          </span>
        ))}
      </div>
      <p className={styles.muted}>
        {webhook.lastTriggeredAt
          ? t('developer.webhooks.lastTriggered', { time: formatRelativeTime(webhook.lastTriggeredAt) })
          : t('developer.webhooks.lastTriggeredNever')}{' '}
        · {t('developer.webhooks.successRate', { rate: webhook.successRate })}
      </p>
      <Switch
        checked={webhook.status === 'active'}
        label={t('developer.webhooks.enabled')}
        disabled={update.isPending}
        onChange={(enabled) =>
          update.mutate(
            { id: webhook.id, enabled },
            { onSuccess: () => haptics.success(), onError: (e) => void showFailure(e) },
          )
        }
      />
      <div className={styles.row}>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={test.isPending}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: (d) => (d.status === 'success' ? haptics.success() : haptics.error()),
              onError: () => haptics.error(),
            })
          }
        >
          {test.isPending ? t('developer.webhooks.testing') : t('developer.webhooks.test')}
        </Button>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={rotate.isPending}
          onClick={() => void onRotate()}
        >
          {t('developer.webhooks.rotate')}
        </Button>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {t('developer.webhooks.delete')}
        </Button>
      </div>
      {test.data ? (
        <p
          className={test.data.status === 'success' ? styles.ok : styles.bad}
          role="status"
          data-testid="webhook-test-result"
        >
          {outcome(test.data)}
        </p>
      ) : test.error ? (
        <p className={styles.bad} role="status">
          {describeDeveloperError(test.error)}
        </p>
      ) : null}
    </li>
  );
}

function AddWebhookForm({ botId, onAdded }: { botId: string; onAdded: (secret: string) => void }) {
  const { t } = useI18n();
  const add = useAddWebhook(botId);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);

  const submit = () => {
    // Spec part 2 §5.6: 'URL Required' / 'Please enter a webhook URL.'; 'Events Required' / 'Please select…'
    if (!url.trim()) {
      void showValidationPopup('developer.webhooks.urlRequiredTitle', 'developer.webhooks.urlRequired');
      return;
    }
    if (events.length === 0) {
      void showValidationPopup('developer.webhooks.eventsRequiredTitle', 'developer.webhooks.eventsRequired');
      return;
    }
    const parsed = WebhookBody.safeParse({ url, events, secret: secret || undefined });
    if (!parsed.success) {
      const urlWrong = parsed.error.issues.some((i) => i.message === WEBHOOK_MESSAGES.urlInvalid);
      void showValidationPopup(
        'developer.webhooks.urlRequiredTitle',
        urlWrong ? 'developer.webhooks.urlInvalid' : 'developer.webhooks.urlRequired',
      );
      return;
    }
    add.mutate(
      { url: url.trim(), events, ...(secret ? { secret } : {}) },
      {
        onSuccess: (made) => {
          haptics.success();
          setUrl('');
          setSecret('');
          setEvents([]);
          onAdded(made.secret);
        },
        onError: (e) => void showFailure(e),
      },
    );
  };
  useMainButton(t('developer.webhooks.add'), submit, { enabled: !add.isPending, loading: add.isPending });

  const toggle = (e: WebhookEvent, on: boolean) =>
    setEvents((es) => (on ? [...es, e] : es.filter((x) => x !== e)));

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('developer.webhooks.addTitle')}</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={t('developer.webhooks.url')}>
          {(aria) => (
            <TextInput
              {...aria}
              type="url"
              value={url}
              placeholder="https://example.com/webhook"
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('developer.webhooks.secret')} hint={t('developer.webhooks.secretHint')}>
          {(aria) => (
            <TextInput
              {...aria}
              value={secret}
              autoComplete="off"
              onChange={(e) => setSecret(e.target.value)}
            />
          )}
        </Field>
      </form>
      {GROUPS.map(([group, list]) => (
        <fieldset key={group} className={styles.section}>
          <legend className={styles.muted}>{t(`developer.webhooks.group.${group}` as MessageKey)}</legend>
          {list.map((e) => (
            <label key={e} className={styles.check}>
              <input
                type="checkbox"
                checked={events.includes(e)}
                onChange={(x) => toggle(e, x.target.checked)}
              />
              {e}
            </label>
          ))}
        </fieldset>
      ))}
    </Card>
  );
}

function RecentActivity({ botId, recent }: { botId: string; recent: WebhookDelivery[] }) {
  const { t, formatDate } = useI18n();
  const resend = useResendDelivery(botId);
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('developer.webhooks.recent')}</h2>
      {recent.length === 0 ? (
        <p className={styles.muted}>{t('developer.webhooks.recentEmpty')}</p>
      ) : (
        <ul className={styles.list} data-testid="webhook-deliveries">
          {recent.map((d) => (
            <li key={d.id} className={styles.item} data-testid="webhook-delivery">
              <div className={styles.row}>
                <span className={styles.grow}>
                  {formatDate(d.createdAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' })} ·{' '}
                  {d.event}
                </span>
                <span
                  className={
                    d.status === 'success'
                      ? styles.chipOk
                      : d.status === 'failed'
                        ? styles.chipBad
                        : styles.chip
                  }
                >
                  {t(`developer.webhooks.delivery.${d.status}`)}
                </span>
              </div>
              <p className={styles.muted}>
                {d.httpStatus ? `HTTP ${d.httpStatus}` : (d.error ?? '—')}
                {d.durationMs !== null ? ` · ${d.durationMs} ms` : ''}
              </p>
              {d.status !== 'pending' ? (
                <Button
                  variant="plain"
                  className={styles.small}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(
                      { webhookId: d.webhookId, deliveryId: d.id },
                      { onSuccess: () => haptics.success(), onError: (e) => void showFailure(e) },
                    )
                  }
                >
                  {t('developer.webhooks.resend')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /bots/:botId/webhooks (spec part 2 §2.3 "Webhooks"): the bot's webhooks, adding one, Recent Activity, the docs. */
export function WebhooksPage() {
  const { t } = useI18n();
  const { botId = '' } = useParams();
  const query = useWebhooks(botId);
  const [secret, setSecret] = useState<string | null>(null);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState label={t('developer.loading')} />;
  else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState icon="🤖" title={t('developer.webhooks.botNotFound')} />
      ) : (
        <ErrorState
          message={describeDeveloperError(query.error, 'developer.loadError')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else {
    body = (
      <div className={styles.stack}>
        {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.webhooks.title')}</h2>
          {query.data.webhooks.length === 0 ? (
            <p className={styles.muted}>{t('developer.webhooks.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {query.data.webhooks.map((w) => (
                <WebhookItem key={w.id} botId={botId} webhook={w} onSecret={setSecret} />
              ))}
            </ul>
          )}
        </Card>
        <AddWebhookForm botId={botId} onAdded={setSecret} />
        <RecentActivity botId={botId} recent={query.data.recent} />
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.webhooks.docsTitle')}</h2>
          <p className={styles.muted}>{t('developer.webhooks.docs')}</p>
          <p className={styles.muted}>{t('developer.webhooks.docsVerify')}</p>
          <pre className={styles.pre}>{`signed = webhook-id + "." + webhook-timestamp + "." + body
expected = "v1," + base64(HMAC_SHA256(key, signed))
X-Signature = "sha256=" + hex(HMAC_SHA256(key, webhook-timestamp + "." + body))`}</pre>
        </Card>
      </div>
    );
  }
  return (
    <Page
      title={t('shell.screen.webhooks')}
      subtitle={t('developer.webhooks.botId', { botId })}
      data-testid="webhooks-page"
    >
      {body}
    </Page>
  );
}
