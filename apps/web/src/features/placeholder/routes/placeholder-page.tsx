import { useMatches } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';

export type PlaceholderHandle = { title: string };

function isPlaceholderHandle(handle: unknown): handle is PlaceholderHandle {
  return (
    typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
  );
}

/** Stands in for every screen that is not built yet; the route's handle gives the title. */
export function PlaceholderPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const title = isPlaceholderHandle(handle) ? handle.title : 'Coming soon';

  return (
    <Page title={title} data-testid="placeholder-page">
      <EmptyState icon="🚧" title="This screen is not built yet" hint="It is on its way. Check back soon." />
    </Page>
  );
}
