import { formatMoney } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';

/** The codes the payments screens word, each with its catalogue key (never the server's English). */
const PAYMENT_ERRORS = {
  NETWORK_ERROR: 'common.networkError',
  SESSION_EXPIRED: 'auth.error.sessionExpired',
  PAYMENT_PROVIDER_UNAVAILABLE: 'payments.error.urlFailed',
  LITECOIN_UNAVAILABLE: 'payments.error.ltcUnavailable',
  PAYMENT_INVOICE_FAILED: 'payments.error.invoiceFailed',
  WALLET_BALANCE_INVALID: 'payments.error.negativeBalance',
  INSUFFICIENT_BALANCE: {
    key: 'payments.error.insufficient',
    params: (details) => ({
      price: formatMoney(Number(details.priceMinor), 'USD'),
      balance: formatMoney(Number(details.balanceMinor), 'USD'),
    }),
  },
  SUBSCRIPTION_NOT_CANCELLABLE: 'payments.error.notCancellable',
} as const satisfies DescribeErrorOptions['codes'];

/** A failed payments call in the user's language: a known code from the catalogue, else `fallback`. */
export const describePaymentError = (error: unknown, fallback: MessageKey) =>
  describeError(error, { codes: PAYMENT_ERRORS, fallback });
