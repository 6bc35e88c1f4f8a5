import { CAMPAIGN_MESSAGES } from '@app/contracts/campaigns';
import { t } from '../../../i18n/i18n';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';
import { haptics, showPopup } from '../../../lib/telegram/bridge';

const CAMPAIGN_ERRORS = {
  CAMPAIGN_NO_AUDIENCE: 'campaigns.error.noAudience',
  CAMPAIGN_SCHEDULE_IN_PAST: 'campaigns.error.scheduleInPast',
  FORBIDDEN: 'campaigns.error.permission',
  CAMPAIGN_TEST_UNREACHABLE: 'campaigns.error.testUnreachable',
  CAMPAIGN_PRODUCT_NOT_IN_BOT: 'campaigns.error.productNotInBot',
  CAMPAIGN_CATEGORY_NOT_FOUND: 'campaigns.error.categoryNotFound',
} as const satisfies DescribeErrorOptions['codes'];

const CAMPAIGN_TEXTS = {
  [CAMPAIGN_MESSAGES.textRequired]: 'campaigns.error.textRequired',
  [CAMPAIGN_MESSAGES.formattingInvalid]: 'campaigns.error.formatting',
  [CAMPAIGN_MESSAGES.urlInvalid]: 'campaigns.error.url',
  [CAMPAIGN_MESSAGES.buttonTextRequired]: 'campaigns.error.buttonText',
} as const;

export const describeCampaignError = (error: unknown) =>
  describeError(error, { codes: CAMPAIGN_ERRORS, texts: CAMPAIGN_TEXTS, fallback: 'campaigns.failed' });

/** A refused action as Telegram's popup, with the error haptic. */
export async function showCampaignFailure(message: string) {
  haptics.error();
  await showPopup({ title: t('campaigns.errorTitle'), message, buttons: [{ id: 'ok', type: 'ok' }] });
}
