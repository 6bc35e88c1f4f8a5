import { z } from 'zod';
import type { PaymentStatus } from './catalogue';
import { EmptyBody, text } from './common';

/**
 * `POST /vendors/{id}/orders/{orderId}/refund` (permission orders): no body. Answers the order as OrderDetail:
 * cancelled, its payment refunded. A Telegram Stars payment goes back to the customer through Telegram
 * (refundStarPayment); another rail's money is returned by the vendor at their provider and recorded here.
 * 409 ORDER_NOT_REFUNDABLE when the order is not paid.
 */
export const RefundOrderBody = EmptyBody;

/** Only a paid order can be refunded: the Refund button shows for these. */
export const isRefundable = (paymentStatus: PaymentStatus) => paymentStatus === 'paid';

/** `GET /api/v1/downloads/{token}`: a buyer's signed, expiring download link (no sign-in). */
export const DownloadParams = z.object({ token: text().max(200) });
