import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { FullScreen, fullScreenStyles as styles } from '../../components/ui/full-screen';
import { useI18n } from '../../i18n/i18n';

// What browsers say when a lazily imported chunk is gone (Chromium, Firefox, Safari) and what Vite says when
// a chunk's CSS cannot be preloaded. After a deploy the old chunks no longer exist, and Telegram keeps a
// minimised Mini App alive on the old page for hours.
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * The routes' error screen: a screen that failed to load or to render. Reloading fetches the current version
 * of the app, which is the fix for a missing chunk and the best try for anything else.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useI18n();
  const outdated = isChunkLoadError(error);

  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);

  return (
    <FullScreen data-testid="route-error">
      <span className={styles.icon} aria-hidden="true">
        {outdated ? '🔄' : '⚠️'}
      </span>
      <div role="alert" className={styles.text}>
        <h1 className={styles.title}>
          {t(outdated ? 'shell.routeError.outdatedTitle' : 'shell.routeError.title')}
        </h1>{' '}
        <p className={styles.hint}>
          {t(outdated ? 'shell.routeError.outdatedMessage' : 'shell.routeError.message')}
        </p>
      </div>
      <Button onClick={() => window.location.reload()}>{t('shell.routeError.reload')}</Button>
    </FullScreen>
  );
}
