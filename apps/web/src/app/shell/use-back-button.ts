import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { hideBackButton, onBackButtonClick, showBackButton } from '../../lib/telegram/buttons';
import { type Screen, showsBackButton } from '../screens';
import { goBack } from './go-back';

/**
 * Binds Telegram's back button to the router once for the whole app, shows it on every screen that is not
 * a tab (screens.ts), and sends it where that screen's way back is. Screens never touch it.
 */
export function useBackButton(screen: Screen): void {
  const navigate = useNavigate();
  const visible = showsBackButton(screen);
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
