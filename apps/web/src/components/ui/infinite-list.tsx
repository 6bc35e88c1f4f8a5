import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { InfiniteSentinel } from './infinite-sentinel';

/** The page-by-page query a list screen reads (TanStack Query's infinite query, as far as this needs it). */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/**
 * A list that loads more as it scrolls: skeletons while the first page loads, an error with Retry when nothing
 * could be loaded, the empty state, then the items and the sentinel that asks for the next page.
 */
export function InfiniteList<T>(props: {
  query: PagedQuery;
  items: T[];
  renderItem: (item: T) => ReactNode;
  /** Shown three times while the first page loads. */
  skeleton: ReactNode;
  className?: string;
  texts: {
    region: string;
    loading: string;
    error: string;
    empty: string;
    emptyHint: string;
    loadingMore: string;
    loadMore: string;
  };
  emptyIcon: string;
}) {
  const { query, items, texts } = props;
  if (query.isPending) {
    return (
      <div className={props.className} role="status" aria-label={texts.loading}>
        {props.skeleton}
        {props.skeleton}
        {props.skeleton}
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <ErrorState message={texts.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (items.length === 0)
    return <EmptyState icon={props.emptyIcon} title={texts.empty} hint={texts.emptyHint} />;
  return (
    <>
      <section className={props.className} aria-label={texts.region}>
        {items.map(props.renderItem)}
      </section>
      <InfiniteSentinel
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        loadingLabel={texts.loadingMore}
        moreLabel={texts.loadMore}
      />
    </>
  );
}
