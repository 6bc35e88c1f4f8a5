import { closingBehavior, on } from '@telegram-apps/sdk';
import { useEffect } from 'react';
import { attempt } from './state';

// ---------------------------------------------------------------------------------------------------------
// Closing confirmation.

// Several screens (or a form and its dialog) may hold unsaved work at once: Telegram confirms closing while
// any of them does.
let unsavedWorkHolders = 0;

/** Tells Telegram whether to confirm closing: while any screen holds unsaved work. */
export function syncClosingConfirmation(): void {
  attempt(() => {
    // Mounted at start-up (startSdk); a screen rendered without it (a component test) mounts it here.
    if (closingBehavior.isMounted?.() === false) closingBehavior.mount.ifAvailable();
    if (unsavedWorkHolders > 0) closingBehavior.enableConfirmation.ifAvailable();
    else closingBehavior.disableConfirmation.ifAvailable();
  });
}

/**
 * Asks Telegram to confirm before the user closes the Mini App (swipe down, Close) for as long as `dirty` is
 * true and the calling component is mounted: a form with unsaved changes calls `useClosingConfirmation(isDirty)`.
 */
export function useClosingConfirmation(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsavedWorkHolders += 1;
    syncClosingConfirmation();
    return () => {
      unsavedWorkHolders -= 1;
      syncClosingConfirmation();
    };
  }, [dirty]);
}

// ---------------------------------------------------------------------------------------------------------
// Whether the user has the Mini App in front of them.

// Telegram (Bot API 8.0) sends `visibility_changed` when it puts the Mini App in the background (minimised,
// another chat opened) and when it brings it back. The SDK does not follow it, so the bridge listens itself.
let miniAppActive = true;
const activeListeners = new Set<(active: boolean) => void>();
let followingVisibility = false;

function followVisibility(): void {
  if (followingVisibility) return;
  followingVisibility = true;
  attempt(() =>
    on('visibility_changed', ({ is_visible }) => {
      miniAppActive = is_visible;
      for (const listener of activeListeners) listener(is_visible);
    }),
  );
}

/** Calls `listener` when Telegram hides the Mini App or brings it back; returns the function that stops it. */
export function onMiniAppActiveChange(listener: (active: boolean) => void): () => void {
  followVisibility();
  activeListeners.add(listener);
  return () => activeListeners.delete(listener);
}

/** False while Telegram keeps the Mini App in the background. */
export function isMiniAppActive(): boolean {
  return miniAppActive;
}
