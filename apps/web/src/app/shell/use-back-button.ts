import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hideBackButton, onBackButtonClick, showBackButton } from '../../lib/telegram';
import { goBack } from './go-back';

/**
 * Binds Telegram's back button to the router once for the whole app, and shows it only where `visible`
 * says so. Screens never touch it.
 */
export function useBackButton(visible: boolean): void {
  const navigate = useNavigate();

  useEffect(() => onBackButtonClick(() => goBack(navigate)), [navigate]);

  useEffect(() => {
    if (visible) showBackButton();
    else hideBackButton();
  }, [visible]);
}
