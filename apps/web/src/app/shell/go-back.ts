import type { NavigateFunction } from 'react-router';

// react-router numbers the entries it pushes; idx 0 means this screen was the first one opened (a deep
// link from Telegram, say), where navigate(-1) would leave the app instead of going back inside it.
function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/** Goes to the previous screen, or home when there is none. */
export function goBack(navigate: NavigateFunction): void {
  if (hasInAppHistory()) void navigate(-1);
  else void navigate('/', { replace: true });
}
