import { backButton, mainButton, secondaryButton } from '@telegram-apps/sdk';
import { useEffect, useRef } from 'react';
import { attempt } from './state';

// ---------------------------------------------------------------------------------------------------------
// Back button and the screens that override it.

export function showBackButton(): void {
  backButton.show.ifAvailable();
}

export function hideBackButton(): void {
  backButton.hide.ifAvailable();
}

/**
 * Adds a back button listener; returns the function that removes it. While a screen overrides the back
 * button (useBackButtonOverride), a press goes to that screen instead of to these listeners.
 */
export function onBackButtonClick(listener: () => void): () => void {
  const [called, off] = backButton.onClick.ifAvailable(() => {
    if (!takeBackPress()) listener();
  });
  return called ? off : () => undefined;
}

// The screens that take Telegram's back button for themselves, latest last. Only the latest is called.
const backOverrides: { handle: () => void }[] = [];
let backPressTaken = false;

// Every listener added with onBackButtonClick asks this for the same press; the override runs once.
function takeBackPress(): boolean {
  const top = backOverrides.at(-1);
  if (!top) return false;
  if (!backPressTaken) {
    backPressTaken = true;
    queueMicrotask(() => {
      backPressTaken = false;
    });
    top.handle();
  }
  return true;
}

/**
 * While `handler` is set, Telegram's back button calls it instead of the app's own back (the router's
 * previous screen): a wizard goes back a step, not out of the wizard. Pass null to let back go back.
 */
export function useBackButtonOverride(handler: (() => void) | null | undefined): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const active = Boolean(handler);
  useEffect(() => {
    if (!active) return;
    const entry = { handle: () => latest.current?.() };
    backOverrides.push(entry);
    return () => {
      const index = backOverrides.lastIndexOf(entry);
      if (index >= 0) backOverrides.splice(index, 1);
    };
  }, [active]);
}

// ---------------------------------------------------------------------------------------------------------
// Main button.

export type MainButtonParams = { text?: string; visible?: boolean; enabled?: boolean; loading?: boolean };

// The SDK's names for what the caller set; what it left undefined stays as it is.
function sdkButtonParams(params: MainButtonParams) {
  return {
    ...(params.text === undefined ? {} : { text: params.text }),
    ...(params.visible === undefined ? {} : { isVisible: params.visible }),
    ...(params.enabled === undefined ? {} : { isEnabled: params.enabled }),
    ...(params.loading === undefined ? {} : { isLoaderVisible: params.loading }),
  };
}

export function setMainButton(params: MainButtonParams): void {
  mainButton.setParams.ifAvailable(sdkButtonParams(params));
}

export function hideMainButton(): void {
  setMainButton({ visible: false, loading: false });
}

/** Adds a main button listener; returns the function that removes it. */
export function onMainButtonClick(listener: () => void): () => void {
  const [called, off] = mainButton.onClick.ifAvailable(listener);
  return called ? off : () => undefined;
}

/**
 * Shows the main button with `text` while the calling screen is mounted, and hides it when the screen goes.
 * The latest `onClick` is always the one called, so callers need not memoise it.
 */
export function useMainButton(
  text: string,
  onClick: () => void,
  options: { visible?: boolean; enabled?: boolean; loading?: boolean } = {},
): void {
  const { visible = true, enabled = true, loading = false } = options;
  const latestOnClick = useRef(onClick);
  useEffect(() => {
    latestOnClick.current = onClick;
  });

  useEffect(() => onMainButtonClick(() => latestOnClick.current()), []);

  useEffect(() => {
    setMainButton({ text, visible, enabled, loading });
  }, [text, visible, enabled, loading]);

  useEffect(() => hideMainButton, []);
}

// ---------------------------------------------------------------------------------------------------------
// Secondary button: what forms and wizards need beside the main one.

export type SecondaryButtonParams = MainButtonParams & { position?: 'left' | 'right' | 'top' | 'bottom' };

// Mounted on first use (start-up does not need it); older clients (< 7.10) have no secondary button.
function mountSecondaryButton(): boolean {
  if (!secondaryButton.isMounted()) attempt(() => secondaryButton.mount.ifAvailable());
  return secondaryButton.isMounted();
}

export function setSecondaryButton(params: SecondaryButtonParams): void {
  if (!mountSecondaryButton()) return;
  secondaryButton.setParams.ifAvailable({
    ...sdkButtonParams(params),
    ...(params.position === undefined ? {} : { position: params.position }),
  });
}

export function hideSecondaryButton(): void {
  setSecondaryButton({ visible: false, loading: false });
}

/** Adds a secondary button listener; returns the function that removes it. */
export function onSecondaryButtonClick(listener: () => void): () => void {
  if (!mountSecondaryButton()) return () => undefined;
  const [called, off] = secondaryButton.onClick.ifAvailable(listener);
  return called ? off : () => undefined;
}

/**
 * True when the Telegram client (or demo mode's in-page stand-in) draws the secondary button. Otherwise (a
 * client older than 7.10) the screen shows the action as a button of its own.
 */
export function isSecondaryButtonNative(): boolean {
  try {
    return secondaryButton.isSupported();
  } catch {
    return false;
  }
}

/**
 * Shows Telegram's secondary button (beside the main one) with `text` while the calling screen is mounted,
 * and hides it when the screen goes. Returns whether Telegram draws it: when not, the screen draws its own.
 */
export function useSecondaryButton(
  text: string,
  onClick: () => void,
  options: { visible?: boolean; enabled?: boolean; loading?: boolean; position?: 'left' | 'right' } = {},
): boolean {
  const { visible = true, enabled = true, loading = false, position = 'left' } = options;
  const latestOnClick = useRef(onClick);
  useEffect(() => {
    latestOnClick.current = onClick;
  });

  useEffect(() => onSecondaryButtonClick(() => latestOnClick.current()), []);

  useEffect(() => {
    setSecondaryButton({ text, visible, enabled, loading, position });
  }, [text, visible, enabled, loading, position]);

  useEffect(() => hideSecondaryButton, []);

  return isSecondaryButtonNative();
}
