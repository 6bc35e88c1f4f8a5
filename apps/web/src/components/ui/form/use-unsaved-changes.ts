import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { t } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useClosingConfirmation } from '../../../lib/telegram/mini-app';

/** Asks, in Telegram's popup, whether to drop unsaved changes; true when the user says discard. */
export function confirmDiscardChanges(): Promise<boolean> {
  haptics.warning();
  return showConfirm(t('ui.unsaved.message'), t('ui.unsaved.discard'), {
    title: t('ui.unsaved.title'),
    destructive: true,
  });
}

/**
 * While `dirty`, leaving the screen asks first (Telegram's popup: Discard or Cancel), whichever way the user
 * leaves: Telegram's back button, a link, a Cancel button, the browser's back. Telegram also confirms before
 * closing the Mini App. After a successful save or create, call `allowLeave()` before navigating away.
 */
export function useUnsavedChangesGuard(dirty: boolean): { allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  const leaveAllowed = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) leaveAllowed.current = false;
  }, [dirty]);

  useClosingConfirmation(dirty);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !leaveAllowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // One question per blocked navigation, however often React runs this effect.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscardChanges().then((discard) => {
      asking.current = false;
      if (discard) {
        leaveAllowed.current = true;
        blocker.proceed();
      } else {
        blocker.reset();
      }
    });
  }, [blocker]);

  return {
    allowLeave: useCallback(() => {
      leaveAllowed.current = true;
    }, []),
  };
}
