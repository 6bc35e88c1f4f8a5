import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { hideBackButton, onBackButtonClick, showBackButton } from '../../lib/telegram/buttons';
import { type Screen, showsBackButton } from '../screens';
import { goBack } from './go-back';

/**
 * What a move to a tab carries when it is a fresh start without a way back: a tab chosen in the bottom
 * navigation, or Back that, with no screen before, led up to the tab (go-back.ts).
 */
export const FRESH_TAB = { freshTab: true } as const;

const freshTab = (state: unknown) => typeof state === 'object' && state !== null && 'freshTab' in state;

/**
 * Binds Telegram's back button to the router once for the whole app, shows it on every screen that is not
 * a tab (screens.ts), and sends it where that screen's way back is. Screens never touch it.
 *
 * A tab reached from a screen below a tab (the bot page's "Products" opens /products?botId=…) keeps the back
 * button, which returns to where the user came from; the history entries entered that way are remembered, so
 * coming back to one (from a product) still shows it. A tab chosen in the bottom navigation, or reached by Back, never does.
 */
export function useBackButton(screen: Screen): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<Screen | null>(null);
  const nestedTabs = useRef(new Set<string>());
  const [fromNested, setFromNested] = useState(false);

  useEffect(() => {
    const cameFromStacked = previous.current?.kind === 'stacked';
    if (screen.kind === 'tab' && navigationType !== 'POP' && cameFromStacked && !freshTab(location.state)) {
      nestedTabs.current.add(location.key);
    }
    setFromNested(screen.kind === 'tab' && nestedTabs.current.has(location.key));
    previous.current = screen;
  }, [location.key, location.state, navigationType, screen]);

  const visible = showsBackButton(screen) || fromNested;
  const upPath = screen.kind === 'stacked' ? screen.up : '/';
  const up = useRef(upPath);
  useEffect(() => {
    up.current = upPath;
  }, [upPath]);

  useEffect(() => onBackButtonClick(() => goBack(navigate, up.current)), [navigate]);

  useEffect(() => {
    if (visible) showBackButton();
    else hideBackButton();
  }, [visible]);
}
