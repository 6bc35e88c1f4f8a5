import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { describeSettingsError } from '../lib/messages';

type Props<T> = {
  title: MessageKey;
  query: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
};

/** A per-bot settings screen: its title, then loading, not found, a load error with Retry, or the content. */
export function BotSettingsScreen<T>({ title, query, testId, children }: Props<T>) {
  const { t } = useI18n();
  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={t('settings.loading')} />;
  else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState icon="🤖" title={t('settings.notFound')} />
      ) : (
        <ErrorState
          message={describeSettingsError(query.error, 'settings.loadError')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else body = children(query.data);
  return (
    <Page title={t(title)} data-testid={testId}>
      {body}
    </Page>
  );
}
