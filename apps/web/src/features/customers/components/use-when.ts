import { useI18n } from '../../../i18n/i18n';
import { relativeDateBucket } from '../lib/relative-date';

/** "today", "yesterday", "3 days ago", "2 weeks ago", … (spec part 1 §2 relative-date buckets). */
export function useWhen() {
  const { t } = useI18n();
  return (iso: string, now?: number) => {
    const bucket = relativeDateBucket(iso, now);
    return t(bucket.key, { count: bucket.count });
  };
}
