// Loaded on demand, so the first load does not carry it; it imports nothing, so loading it splits no chunk.

type PopupButtonParams = { id?: string; type?: string; text?: string };

/** The client's own words for the buttons given by type (ok, close, cancel), in the app's language. */
export type ClientWords = { ok: string; cancel: string };

/** The label a Telegram client gives a button: its own text, or the client's word for ok, close and cancel. */
function labelOf(button: PopupButtonParams, words: ClientWords): string {
  if (button.text) return button.text;
  return button.type === 'cancel' || button.type === 'close' ? words.cancel : words.ok;
}

/**
 * The browser's own dialogs stand in for Telegram's popup (demo mode, or a client without one) when they can
 * say it: an alert for one button, OK/Cancel for two (OK picks the first button that is not a cancel). A popup
 * with more buttons (Save & Continue / Save & Exit / Cancel) is drawn in the page. Returns the id chosen.
 */
export async function answerPopupInPage(
  params: Record<string, unknown>,
  words: ClientWords,
): Promise<string | undefined> {
  const message = typeof params.message === 'string' ? params.message : '';
  const buttons = (Array.isArray(params.buttons) ? params.buttons : []) as PopupButtonParams[];
  if (buttons.length > 2) return askInPage(params, words);
  const isDismiss = (button: PopupButtonParams) => button.type === 'cancel' || button.type === 'close';
  if (buttons.length < 2) {
    window.alert(message);
    return buttons[0]?.id;
  }
  return window.confirm(message) ? buttons.find((b) => !isDismiss(b))?.id : buttons.find(isDismiss)?.id;
}

/**
 * Telegram's popup drawn in the page, for a popup with more buttons than the browser's dialogs have
 * (OK/Cancel): a modal with the title, the message and one button per popup button, in order. Resolves to the
 * id of the button pressed; Escape or a click outside the card closes it as Telegram's popup does (no id).
 */
export function askInPage(params: Record<string, unknown>, words: ClientWords): Promise<string | undefined> {
  const title = typeof params.title === 'string' ? params.title : '';
  const message = typeof params.message === 'string' ? params.message : '';
  const buttons = (Array.isArray(params.buttons) ? params.buttons : []) as PopupButtonParams[];
  return new Promise((resolve) => {
    const backdrop = document.createElement('div');
    backdrop.dataset.testid = 'demo-popup';
    backdrop.style.cssText =
      'position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.4)';
    const card = document.createElement('div');
    card.setAttribute('role', 'alertdialog');
    card.setAttribute('aria-modal', 'true');
    card.style.cssText =
      'min-width:260px;max-width:320px;padding:16px;border-radius:14px;background:var(--tg-theme-bg-color,#fff);color:var(--tg-theme-text-color,#000);font:inherit;box-shadow:0 8px 32px rgba(0,0,0,.3)';
    const label = title || message;
    card.setAttribute('aria-label', label);
    if (title) {
      const heading = document.createElement('h2');
      heading.textContent = title;
      heading.style.cssText = 'margin:0 0 8px;font-size:17px';
      card.append(heading);
    }
    const text = document.createElement('p');
    text.textContent = message;
    text.style.cssText = 'margin:0 0 16px;white-space:pre-line';
    card.append(text);

    const close = (id: string | undefined) => {
      document.removeEventListener('keydown', onKey, true);
      backdrop.remove();
      resolve(id);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(undefined);
    };
    for (const button of buttons) {
      const element = document.createElement('button');
      element.type = 'button';
      element.textContent = labelOf(button, words);
      const destructive = button.type === 'destructive';
      element.style.cssText = `display:block;width:100%;margin-top:8px;padding:10px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;background:var(--tg-theme-secondary-bg-color,#f1f1f4);color:${destructive ? 'var(--tg-theme-destructive-text-color,#d9302f)' : 'var(--tg-theme-link-color,#2481cc)'}`;
      element.addEventListener('click', () => close(button.id));
      card.append(element);
    }
    backdrop.addEventListener('click', (event) => {
      if (event.target === backdrop) close(undefined);
    });
    document.addEventListener('keydown', onKey, true);
    backdrop.append(card);
    document.body.append(backdrop);
    card.querySelector('button')?.focus();
  });
}
