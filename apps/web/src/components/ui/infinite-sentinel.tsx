import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import styles from './states.module.css';

type InfiniteSentinelProps = {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  loadingLabel: string;
  moreLabel: string;
};

/**
 * The end of an infinitely scrolling list: asks for the next page as it comes into view (a little before),
 * with a button for when the observer is not available or the user is faster than it.
 */
export function InfiniteSentinel({
  hasMore,
  loading,
  onMore,
  loadingLabel,
  moreLabel,
}: InfiniteSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className={styles.more}>
      {loading ? (
        <span role="status" className={styles.label}>
          <Spinner size="small" /> {loadingLabel}
        </span>
      ) : (
        <Button variant="plain" onClick={() => latest.current()}>
          {moreLabel}
        </Button>
      )}
    </div>
  );
}
