import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';
import { haptics, showPopup } from '../../../lib/telegram/bridge';

/** The codes the developer screens word, each with its catalogue key. */
const DEVELOPER_ERRORS = {
  API_KEY_NOT_FOUND: 'developer.apiKeys.notFound',
  RATE_LIMITED: 'developer.rateLimited',
  EXPORT_NO_DATA_SELECTED: 'developer.export.noData',
  EXPORT_TOO_SOON: 'developer.export.tooSoon',
  EXPORT_RANGE_INVALID: 'developer.export.rangeInvalid',
} as const satisfies DescribeErrorOptions['codes'];

export const describeDeveloperError = (error: unknown, fallback: MessageKey = 'developer.failed') =>
  describeError(error, { codes: DEVELOPER_ERRORS, texts: {}, fallback });

/** A validation popup of spec part 2 §5.6 (Telegram's popup), with the error haptic. */
export async function showValidationPopup(title: MessageKey, message: MessageKey): Promise<void> {
  haptics.error();
  await showPopup({ title: t(title), message: t(message), buttons: [{ id: 'ok', type: 'ok' }] });
}

/** A refused action as a popup, with the error haptic. */
export async function showFailure(error: unknown, fallback: MessageKey = 'developer.failed') {
  haptics.error();
  await showPopup({
    title: t('developer.errorTitle'),
    message: describeDeveloperError(error, fallback),
    buttons: [{ id: 'ok', type: 'ok' }],
  });
}

/** Copies text to the clipboard, with the success haptic; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  const ok = await (navigator.clipboard?.writeText(text).then(() => true) ?? Promise.resolve(false)).catch(
    () => false,
  );
  if (ok) haptics.success();
  return ok;
}
