import { useMatches } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';

function titleOf(handle: unknown): MessageKey | null {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  return typeof handle.title === 'string' ? (handle.title as MessageKey) : null;
}

/**
 * Stands in for every screen that is not built yet; the route's handle names its title in the catalogue.
 * Filters in the address (/products?botId=…) stay there for the real screen to read.
 */
export function PlaceholderPage() {
  const matches = useMatches();
  const { t } = useI18n();
  const title = titleOf(matches.at(-1)?.handle) ?? 'shell.placeholder.comingSoon';

  return (
    <Page title={t(title)} data-testid="placeholder-page">
      <EmptyState icon="🚧" title={t('shell.placeholder.title')} hint={t('shell.placeholder.hint')} />
    </Page>
  );
}
