import { mainButton, miniApp, postEvent, secondaryButton, themeParams, viewport } from '@telegram-apps/sdk';
import { readableColor } from '../contrast';
import { attempt } from './state';

// The SDK starts out believing header and background are already 'bg_color' and skips setting them again,
// so the first call is posted directly. Later theme changes are then followed by the SDK (and by Telegram
// itself for the header's colour key).
export function paintClientChrome(): void {
  attempt(() => postEvent('web_app_set_header_color', { color_key: 'bg_color' }));
  attempt(() => {
    const background = themeParams.backgroundColor();
    if (background) postEvent('web_app_set_background_color', { color: background });
  });
  attempt(() => miniApp.setBottomBarColor.ifAvailable('bg_color'));
}

// Text colours that Telegram's palettes make too faint on our surfaces (see contrast.ts; the day theme's hint
// is 2.5:1 on a card, its link 3.7:1). The SDK binds them under `-original`; the app's CSS reads
// `--tg-theme-hint-color` and the others, which are set here to a readable version of the same colour and
// follow every theme change.
const READABLE_TEXT_KEYS = ['hint_color', 'subtitle_text_color', 'link_color', 'accent_text_color'] as const;

/** Binds the theme's `--tg-theme-*` CSS variables once, the faint text colours made readable. */
export function bindThemeCssVars(): void {
  if (themeParams.isCssVarsBound()) return;
  const kebab = (key: string) => key.replaceAll('_', '-');
  const toVar = (key: string) =>
    (READABLE_TEXT_KEYS as readonly string[]).includes(key)
      ? `--tg-theme-${kebab(key)}-original`
      : `--tg-theme-${kebab(key)}`;
  const [bound] = themeParams.bindCssVars.ifAvailable(toVar);
  if (!bound) return;
  const apply = () => {
    const theme = themeParams.state();
    const surfaces = [theme.bg_color, theme.secondary_bg_color, theme.section_bg_color].filter(
      (color): color is `#${string}` => color !== undefined,
    );
    for (const key of READABLE_TEXT_KEYS) {
      const color = theme[key];
      const name = `--tg-theme-${kebab(key)}`;
      if (!color) document.documentElement.style.removeProperty(name);
      else
        document.documentElement.style.setProperty(
          name,
          readableColor(color, surfaces, theme.text_color ?? color),
        );
    }
  };
  apply();
  themeParams.state.sub(apply);
}

/** Mounts the viewport, whose CSS variables give the app its height and safe areas. */
export function mountViewport(): void {
  const [called, mounting] = viewport.mount.ifAvailable();
  if (!called) return;
  mounting
    .then(() => !viewport.isCssVarsBound() && viewport.bindCssVars.ifAvailable())
    .catch((error: unknown) => console.warn('Viewport not mounted', error));
}

// The SDK gives the main and secondary buttons the theme's colours only when they are set up, so after a live
// theme change (the user switches to night mode) they would keep the launch theme's colours: post them again.
// Header and background follow by themselves (the header by its colour key, the background through the SDK).
export function followThemeInButtons(): void {
  themeParams.state.sub(() => {
    // After the SDK's own listeners: its buttons read the theme through signals that are updated after ours
    // is called, and would post the old colours once more.
    queueMicrotask(() => {
      if (mainButton.isMounted() && mainButton.isVisible()) mainButton.setParams.ifAvailable({});
      if (secondaryButton.isMounted() && secondaryButton.isVisible())
        secondaryButton.setParams.ifAvailable({});
    });
  });
}

// Native controls and scrollbars follow the theme too, not only our CSS variables.
export function followColorScheme(): void {
  const apply = () => {
    const dark = themeParams.isDark();
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  themeParams.isDark.sub(apply);
}
