import type { NavigateFunction } from 'react-router';

// react-router numbers the entries it pushes; idx 0 means this screen was the first one opened (a reload, a
// link from outside), where navigate(-1) would leave the app instead of going back inside it.
function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * Goes to the previous screen; with none, to `up`, the screen the spec names as this one's way back.
 * A deep link opens its screen with Home beneath it (deep-links.ts), so back there leads Home.
 */
export function goBack(navigate: NavigateFunction, up = '/'): void {
  if (hasInAppHistory()) void navigate(-1);
  // Up is where this screen sits, not a screen left behind: no back button there for leading here.
  else void navigate(up, { replace: true, state: { freshTab: true } });
}
