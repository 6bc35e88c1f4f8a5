import type { ThemeParams } from '@telegram-apps/sdk';

/**
 * Palettes of Telegram Desktop's day and night themes. Demo mode hands one of them to the mocked client,
 * so the browser preview looks like the app inside Telegram in either scheme.
 */
const LIGHT: ThemeParams = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f4',
  section_bg_color: '#ffffff',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  subtitle_text_color: '#8e8e93',
  link_color: '#2481cc',
  accent_text_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e1e1e6',
  destructive_text_color: '#e53935',
};

const DARK: ThemeParams = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  section_bg_color: '#17212b',
  header_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  subtitle_text_color: '#708499',
  link_color: '#6ab3f3',
  accent_text_color: '#6ab2f2',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  destructive_text_color: '#ec3942',
};

export function prefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export function getDemoPalette(dark: boolean): ThemeParams {
  return dark ? DARK : LIGHT;
}
