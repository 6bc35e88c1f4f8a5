import { SUPPORT_LIMITS, SUPPORT_MESSAGES } from '@app/contracts/support';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';
import { getTelegramUserId } from '../../../lib/session';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useCannedReplies, useChangeConversation, useSendReply } from '../api/change-conversation';
import { downloadCustomerFile } from '../api/download-file';
import { useConversation, useMessages } from '../api/get-conversation';
import styles from '../components/support.module.css';

const ERRORS: DescribeErrorOptions = {
  codes: {
    CONVERSATION_NOT_FOUND: 'support.error.notFound',
    CONVERSATION_CLOSED: 'support.error.closed',
    CONVERSATION_REOPEN_CONFLICT: 'support.error.reopenConflict',
    MEDIA_NOT_FOUND: 'support.error.fileNotFound',
  },
  texts: {
    [SUPPORT_MESSAGES.replyRequired]: 'support.error.replyRequired',
    [SUPPORT_MESSAGES.replyTooLong]: 'support.error.replyTooLong',
  },
  fallback: 'support.error.generic',
};

/** A file's size as people read it: "820 kB", "2.4 MB" (the units are Intl's, in the app's language). */
function fileSize(bytes: number, format: (value: number, options?: Intl.NumberFormatOptions) => string) {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? format(mb, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : format(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
}

/** One conversation: the customer's card, the thread, canned replies and the reply box (main button: Send). */
export function SupportThreadPage() {
  const { conversationId = '' } = useParams();
  const { t, formatMoney, formatNumber, formatDate } = useI18n();
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const send = useSendReply(conversationId);
  const change = useChangeConversation(conversationId);
  const canned = useCannedReplies(conversation.data?.botId);
  const [text, setText] = useState('');
  const open = conversation.data?.status === 'open';
  const trimmed = text.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: (m) => {
        setText('');
        if (m.delivery === 'failed') haptics.error();
        else haptics.success();
      },
      onError: (e) => {
        haptics.error();
        void showAlert(describeError(e, ERRORS));
      },
    });
  };
  useMainButton(t('support.send'), submit, {
    visible: open,
    enabled: trimmed.length > 0 && trimmed.length <= SUPPORT_LIMITS.replyMax,
    loading: send.isPending,
  });

  const act = async (action: 'close' | 'reopen' | 'assignMe') => {
    if (action === 'close' && !(await showConfirm(t('support.closeConfirm'), t('support.close')))) return;
    const me = Number(getTelegramUserId());
    change.mutate(action === 'assignMe' ? { action: 'assign', assignee: me > 0 ? me : null } : { action }, {
      onSuccess: () => haptics.success(),
      onError: (e) => void showAlert(describeError(e, ERRORS)),
    });
  };

  const download = async (messageId: string, name: string) => {
    try {
      await downloadCustomerFile(conversationId, messageId, name);
    } catch (e) {
      haptics.error();
      void showAlert(describeError(e, ERRORS));
    }
  };

  if (conversation.isPending) return <LoadingState />;
  if (conversation.isError) {
    return (
      <Page title={t('support.thread')}>
        <Card>
          <ErrorState
            message={describeError(conversation.error, ERRORS)}
            onRetry={() => void conversation.refetch()}
            retrying={conversation.isFetching}
          />
        </Card>
      </Page>
    );
  }
  const c = conversation.data;
  return (
    <Page
      title={c.customerName}
      subtitle={c.customerUsername ? `@${c.customerUsername}` : undefined}
      data-testid="support-thread"
    >
      {c.customer ? (
        <Card aria-label={t('support.customerCard')}>
          <div className={styles.stats}>
            <span>{t('support.card.orders', { count: formatNumber(c.customer.orders) })}</span>
            <span>{t('support.card.spent', { amount: formatMoney(c.customer.totalSpent, 'USD') })}</span>
            <span>{t('support.card.segment', { segment: c.customer.segment })}</span>
          </div>
          {c.orderId ? (
            <p className={styles.muted}>{t('support.card.order', { id: c.orderId.slice(0, 8) })}</p>
          ) : null}
        </Card>
      ) : null}
      <div className={styles.actions}>
        {open ? (
          <>
            <Button variant="secondary" onClick={() => void act('assignMe')} disabled={change.isPending}>
              {t('support.assignMe')}
            </Button>
            <Button variant="secondary" onClick={() => void act('close')} disabled={change.isPending}>
              {t('support.close')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => void act('reopen')} disabled={change.isPending}>
            {t('support.reopen')}
          </Button>
        )}
      </div>
      <p className={styles.muted}>
        {c.assignedTo !== null
          ? t('support.assignedTo', { name: c.assignedName ?? t('support.owner') })
          : t('support.unassigned')}
        {c.rating !== null ? ` · ${t('support.rating', { rating: c.rating })}` : ''}
      </p>
      <section className={styles.thread} aria-label={t('support.thread')} data-testid="support-messages">
        {messages.isPending ? (
          <LoadingState />
        ) : messages.isError ? (
          <ErrorState
            message={t('support.loadError')}
            onRetry={() => void messages.refetch()}
            retrying={messages.isFetching}
          />
        ) : (
          messages.data.messages.map((m) => (
            <div key={m.id} className={`${styles.bubble} ${m.direction === 'out' ? styles.out : ''}`}>
              {m.media?.kind === 'photo' && m.media.url ? (
                <img className={styles.photo} src={m.media.url} alt={t('support.photoAlt')} loading="lazy" />
              ) : m.media ? (
                <span>
                  {m.media.kind === 'photo' ? '📷 ' : `📎 ${m.media.name ?? ''} `}
                  {m.media.size !== null ? (
                    <span className={styles.meta}>{fileSize(m.media.size, formatNumber)} </span>
                  ) : null}
                  {m.media.kind === 'document' && m.media.size !== null ? (
                    <Button
                      variant="secondary"
                      onClick={() => void download(m.id, m.media?.name ?? 'document')}
                    >
                      {t('support.download')}
                    </Button>
                  ) : null}
                </span>
              ) : null}
              {m.text}
              <span className={styles.meta}>
                {formatDate(m.createdAt, {
                  hour: '2-digit',
                  minute: '2-digit',
                  day: 'numeric',
                  month: 'short',
                })}
                {m.direction === 'out' && m.author?.name ? ` · ${m.author.name}` : ''}
              </span>
              {m.delivery === 'failed' ? (
                <span className={styles.failed}>
                  {m.error === 'blocked'
                    ? t('support.failedBlocked')
                    : t('support.failed', { error: m.error ?? '' })}
                </span>
              ) : null}
            </div>
          ))
        )}
      </section>
      {open ? (
        <Card>
          {canned.data && canned.data.replies.length > 0 ? (
            <div className={styles.actions}>
              {canned.data.replies.map((r) => (
                <Button key={r.id} variant="secondary" onClick={() => setText(r.text)}>
                  {r.title}
                </Button>
              ))}
            </div>
          ) : null}
          <label className={styles.muted} htmlFor="support-reply">
            {t('support.replyLabel')}
          </label>
          <textarea
            id="support-reply"
            className={styles.reply}
            value={text}
            maxLength={SUPPORT_LIMITS.replyMax}
            placeholder={t('support.replyPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
        </Card>
      ) : (
        <p className={styles.muted}>{t('support.closedHint')}</p>
      )}
    </Page>
  );
}
