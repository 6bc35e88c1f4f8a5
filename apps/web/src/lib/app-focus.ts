import { focusManager } from '@tanstack/react-query';
import { isMiniAppActive, onMiniAppActiveChange } from './telegram/mini-app';

/**
 * Tells TanStack Query whether the user is looking at the app: the page is visible and Telegram has not put
 * the Mini App in the background. While not, polling (refetchInterval) pauses; when the app comes back,
 * stale queries refetch at once (refetchOnWindowFocus). Spec part 1 §9: Home's polls pause while hidden.
 */
export function bindQueryFocusToApp(): () => void {
  const focused = () => document.visibilityState !== 'hidden' && isMiniAppActive();
  focusManager.setEventListener((setFocused) => {
    const update = () => setFocused(focused());
    document.addEventListener('visibilitychange', update);
    const off = onMiniAppActiveChange(update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      off();
    };
  });
  return () => focusManager.setEventListener(() => () => undefined);
}
