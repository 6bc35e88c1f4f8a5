import { SETTINGS_MESSAGES } from '@app/contracts/settings';
import type { ContractMessages } from '../../../components/ui/form/zod-form';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { haptics, showPopup } from '../../../lib/telegram/bridge';

/** The contracts' English texts (the spec's words) → this area's catalogue keys. */
export const SETTINGS_MESSAGE_KEYS: ContractMessages = {
  [SETTINGS_MESSAGES.filterWordRequired]: 'settings.filters.wordRequired',
  [SETTINGS_MESSAGES.filterWordExists]: 'settings.filters.wordExists',
  [SETTINGS_MESSAGES.quickReplyIncomplete]: 'settings.welcome.incomplete',
  [SETTINGS_MESSAGES.welcomeTooLong]: 'settings.welcome.tooLong',
  [SETTINGS_MESSAGES.targetRequired]: 'settings.welcome.targetRequired',
  [SETTINGS_MESSAGES.tokenInvalid]: 'settings.token.invalid',
  [SETTINGS_MESSAGES.shippingMissing]: 'settings.shipping.missing',
  [SETTINGS_MESSAGES.priceInvalid]: 'settings.shipping.priceInvalid',
  [SETTINGS_MESSAGES.regionsRequired]: 'settings.shipping.regionsRequired',
  [SETTINGS_MESSAGES.emailInvalid]: 'settings.validation.email',
  [SETTINGS_MESSAGES.urlInvalid]: 'settings.validation.url',
  [SETTINGS_MESSAGES.colorInvalid]: 'settings.validation.color',
  [SETTINGS_MESSAGES.phoneInvalid]: 'settings.validation.phone',
  [SETTINGS_MESSAGES.providerNotConfigured]: 'settings.payments.notConfiguredError',
  [SETTINGS_MESSAGES.providerTokenRequired]: 'settings.payments.tokenRequired',
  [SETTINGS_MESSAGES.providerTokenRefused]: 'settings.payments.tokenRefused',
  [SETTINGS_MESSAGES.providerCurrenciesRequired]: 'settings.payments.currenciesRequired',
  [SETTINGS_MESSAGES.cryptoKeysRequired]: 'settings.payments.cryptoKeysRequired',
  [SETTINGS_MESSAGES.starsAlwaysOn]: 'settings.payments.starsAlwaysOn',
  [SETTINGS_MESSAGES.botNotRunning]: 'settings.token.notRunning',
};

const CODE_KEYS: Partial<Record<string, MessageKey>> = {
  BOT_TOKEN_MISMATCH: 'settings.token.mismatch',
  BOT_TOKEN_INVALID: 'settings.token.invalid',
};

/** A failed call in the user's language: the server's text when we know it, else `fallback`. */
export function describeSettingsError(error: unknown, fallback: MessageKey = 'settings.saveFailed'): string {
  if (!isApiError(error)) return t(fallback);
  const key = CODE_KEYS[error.code] ?? SETTINGS_MESSAGE_KEYS[error.message];
  return key ? t(key) : t(fallback);
}

/** A validation popup of spec part 2 §5.6 (Telegram's popup), with the error haptic. */
export async function showValidationPopup(title: MessageKey, message: MessageKey): Promise<void> {
  haptics.error();
  await showPopup({ title: t(title), message: t(message), buttons: [{ id: 'ok', type: 'ok' }] });
}

/** A refused save as a popup, with the error haptic. */
export async function showSaveError(error: unknown, fallback: MessageKey = 'settings.saveFailed') {
  haptics.error();
  await showPopup({
    title: t('settings.errorTitle'),
    message: describeSettingsError(error, fallback),
    buttons: [{ id: 'ok', type: 'ok' }],
  });
}
