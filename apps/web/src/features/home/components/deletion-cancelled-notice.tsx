import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { isDeletionCancelledUntold, markDeletionCancelledTold } from '../../../lib/session';

/** Once, after the sign-in that cancelled the account's scheduled deletion: says so (the bots run again). */
export function DeletionCancelledNotice() {
  const { t } = useI18n();
  const [shown] = useState(isDeletionCancelledUntold);
  // Marked told after render, not while reading: a double render must not lose it.
  useEffect(() => {
    if (shown) markDeletionCancelledTold();
  }, [shown]);
  if (!shown) return null;
  return (
    <Card data-testid="deletion-cancelled">
      <p role="status">{t('home.deletionCancelled')}</p>
    </Card>
  );
}
