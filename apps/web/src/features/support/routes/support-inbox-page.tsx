import type { SupportTab } from '@app/contracts/support';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useConversations } from '../api/get-conversations';
import styles from '../components/support.module.css';

const TABS: readonly SupportTab[] = ['open', 'mine', 'waiting', 'closed'];

/** The support inbox: open / assigned to me / waiting / closed, unread counts, search by customer or order. */
export function SupportInboxPage() {
  const { t, formatNumber, formatRelativeTime } = useI18n();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SupportTab>('open');
  const [search, setSearch] = useState('');
  const list = useConversations(tab, search.trim());
  const counts = list.data?.counts;

  const label = (k: SupportTab) => {
    const n = k === 'closed' || !counts ? null : counts[k];
    return n === null ? t(`support.tab.${k}`) : `${t(`support.tab.${k}`)} (${formatNumber(n)})`;
  };

  return (
    <Page
      title={t('support.title')}
      subtitle={counts ? t('support.unread', { count: counts.unread }) : undefined}
      data-testid="support-inbox"
    >
      <SearchInput
        label={t('support.search')}
        placeholder={t('support.search')}
        value={search}
        onSearch={setSearch}
      />
      <Chips
        label={t('support.tabs')}
        options={TABS.map((k) => ({ value: k, label: label(k) }))}
        value={tab}
        onChange={setTab}
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <Card>
          <ErrorState
            message={t('support.loadError')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : list.data.conversations.length === 0 ? (
        <EmptyState icon="💬" title={t('support.empty')} hint={t('support.emptyHint')} />
      ) : (
        <ul className={styles.list}>
          {list.data.conversations.map((c) => (
            <li key={c.id}>
              <Card>
                <button
                  type="button"
                  className={styles.row}
                  onClick={() => {
                    haptics.selection();
                    void navigate(`/support/${c.id}`);
                  }}
                >
                  <span className={styles.head}>
                    <span className={styles.name}>{c.customerName}</span>
                    {c.unread > 0 ? (
                      <span className={styles.badge} title={t('support.unread', { count: c.unread })}>
                        {formatNumber(c.unread)}
                      </span>
                    ) : null}
                  </span>
                  <span className={styles.preview}>{c.lastMessageText || '…'}</span>
                  <span className={styles.muted}>
                    {formatRelativeTime(c.lastMessageAt)}
                    {' · '}
                    {c.status === 'closed'
                      ? t('support.status.closed')
                      : c.waiting
                        ? t('support.status.waiting')
                        : t('support.status.answered')}
                    {c.assignedTo !== null ? ` · ${c.assignedName ?? t('support.owner')}` : ''}
                  </span>
                </button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
