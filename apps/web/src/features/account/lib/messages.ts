import { ACCOUNT_MESSAGES } from '@app/contracts/account';
import type { ContractMessages } from '../../../components/ui/form/zod-form';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';
import { haptics, showPopup } from '../../../lib/telegram/bridge';

/** The contracts' English texts → this area's catalogue keys. */
export const ACCOUNT_MESSAGE_KEYS: ContractMessages = {
  [ACCOUNT_MESSAGES.emailInvalid]: 'account.validation.email',
  [ACCOUNT_MESSAGES.phoneInvalid]: 'account.validation.phone',
  [ACCOUNT_MESSAGES.urlInvalid]: 'account.validation.url',
  [ACCOUNT_MESSAGES.timezoneInvalid]: 'account.validation.timezone',
  [ACCOUNT_MESSAGES.languageInvalid]: 'account.validation.language',
};

/** The codes the account screens word, each with its catalogue key. */
const ACCOUNT_ERRORS = {
  MEDIA_INVALID: 'account.photo.uploadFailedMessage',
} as const satisfies DescribeErrorOptions['codes'];

/** A failed call in the user's language: a known code or field text from the catalogue, else `fallback`. */
export const describeAccountError = (error: unknown, fallback: MessageKey) =>
  describeError(error, { codes: ACCOUNT_ERRORS, texts: ACCOUNT_MESSAGE_KEYS, fallback });

/** A popup of spec part 2 §5.6 / §8 (Telegram's popup), with the matching haptic. */
export async function showAccountPopup(
  title: MessageKey,
  message: string,
  kind: 'success' | 'error',
): Promise<void> {
  if (kind === 'success') haptics.success();
  else haptics.error();
  await showPopup({ title: t(title), message, buttons: [{ id: 'ok', type: 'ok' }] });
}

/** A refused code in the user's language: wrong, too many (with the wait), or the fallback. */
export const describeCodeError = (error: unknown) =>
  describeError(error, {
    codes: {
      TWO_STEP_CODE_INVALID: 'account.twoStep.codeInvalid',
      TWO_STEP_LOCKED: 'account.twoStep.locked',
      VALIDATION_FAILED: 'account.twoStep.codeInvalid',
    },
    texts: ACCOUNT_MESSAGE_KEYS,
    fallback: 'account.twoStep.failed',
  });
