import type { OrderStatus } from '@app/contracts/catalogue';
import { ORDER_LIMITS, type OrderDetail, type OrderPacking } from '@app/contracts/orders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import { PAYMENT_KEYS, PAYMENT_METHOD_KEYS, TYPE_KEYS } from '../lib/labels';
import { InfoList } from './info-list';
import { OrderCodes } from './order-codes';
import styles from './order-detail.module.css';
import { PendingDelivery } from './pending-delivery';
import { ReleaseDelivery } from './release-delivery';

type Row = [label: string, value: ReactNode];

type DetailsTabProps = {
  order: OrderDetail;
  nextStatus: OrderStatus | null;
  trackingNumber: string;
  onTrackingNumber: (value: string) => void;
  canCancel: boolean;
  onCancel: () => void;
  canRefund: boolean;
  onRefund: () => void;
  pending: boolean;
};

export function DetailsTab({
  order,
  nextStatus,
  trackingNumber,
  onTrackingNumber,
  canCancel,
  onCancel,
  canRefund,
  onRefund,
  pending,
}: DetailsTabProps) {
  const { t, formatMoney, formatDate, formatNumber } = useI18n();
  const notSet = <span className={styles.muted}>{t('orders.detail.notSet')}</span>;
  const dateTime = (iso: string | null) =>
    iso ? formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : notSet;
  const methodKey = order.payment.method ? PAYMENT_METHOD_KEYS[order.payment.method] : undefined;
  const method = methodKey ? t(methodKey) : order.payment.method;
  const collect = order.payment.method === 'cash_on_delivery' && order.paymentStatus === 'pending';
  // For the packer: the parcel's weight and how to handle it.
  const packingRows = (packing: OrderPacking): Row[] => {
    const flags = (['fragile', 'perishable', 'hazmat'] as const).filter((flag) => packing[flag]);
    return [
      [
        t('orders.detail.parcelWeight'),
        packing.weightKg === null ? (
          notSet
        ) : (
          <span key="weight" data-testid="order-parcel-weight">
            {t(packing.weightPartial ? 'orders.detail.weightAtLeast' : 'orders.detail.weightKg', {
              weight: formatNumber(packing.weightKg, { maximumFractionDigits: 3 }),
            })}
          </span>
        ),
      ],
      ...(packing.requiresShipping
        ? []
        : ([[t('orders.detail.shippingStep'), t('orders.detail.noShipping')]] as Row[])),
      // Each line's box size, as its product records it.
      ...packing.items.flatMap((item): Row[] => {
        const d = item.dimensions;
        if (!d) return [];
        const size = [d.length, d.width, d.height]
          .map((n) => (n === null ? '–' : formatNumber(n, { maximumFractionDigits: 2 })))
          .join(' × ');
        return [
          [
            t('orders.detail.dimensionsOf', { name: item.name, quantity: item.quantity }),
            <span key={`dimensions-${item.name}`} data-testid="order-dimensions">
              {`${size} ${d.unit}`}
            </span>,
          ],
        ];
      }),
      // What to pick for each line: its SKU, shipping class and country of origin (for customs).
      ...packing.items.flatMap((item): Row[] => {
        const pick = [
          item.sku ? t('orders.detail.sku', { sku: item.sku }) : null,
          item.shippingClass ? t(`products.shippingClass.${item.shippingClass}`) : null,
          item.countryOfOrigin ? t('orders.detail.origin', { country: item.countryOfOrigin }) : null,
        ].filter((part) => part !== null);
        if (pick.length === 0) return [];
        return [
          [
            t('orders.detail.pickOf', { name: item.name, quantity: item.quantity }),
            <span key={`pick-${item.name}-${item.sku ?? ''}`} data-testid="order-pick">
              {pick.join(' · ')}
            </span>,
          ],
        ];
      }),
      ...(flags.length > 0
        ? ([
            [
              t('orders.detail.handling'),
              <span key="handling" data-testid="order-handling">
                {flags.map((flag) => t(`orders.detail.handling.${flag}`)).join(' · ')}
              </span>,
            ],
          ] as Row[])
        : []),
    ];
  };

  // Where the service takes place, the customer's address, and the policy the customer was shown.
  const serviceRows = (info: NonNullable<OrderDetail['serviceInfo']>): Row[] => {
    const rows: Row[] = [];
    if (info.location) rows.push([t('orders.detail.location'), t(`orders.detail.location.${info.location}`)]);
    if (info.meetingLink) {
      rows.push([
        t('orders.detail.meetingLink'),
        <a key="link" href={info.meetingLink} target="_blank" rel="noreferrer">
          {info.meetingLink}
        </a>,
      ]);
    }
    if (info.address) rows.push([t('orders.detail.serviceAddress'), info.address]);
    if (info.customerAddress) rows.push([t('orders.detail.customerAddress'), info.customerAddress]);
    if (info.cancellationPolicy) rows.push([t('orders.detail.cancellationPolicy'), info.cancellationPolicy]);
    return rows;
  };

  return (
    <>
      <Card className={styles.section} aria-label={t('orders.detail.summary')}>
        <InfoList
          rows={[
            [t('orders.detail.amount'), formatMoney(order.amount, order.currency)],
            [t('orders.detail.payment'), t(PAYMENT_KEYS[order.paymentStatus])],
            ...(method ? ([[t('orders.detail.paymentMethod'), method]] as Row[]) : []),
            // Cash on delivery: what the courier collects, so the merchant can hand it over.
            ...(collect
              ? ([
                  [
                    t('orders.detail.collectOnDelivery'),
                    <strong key="collect" data-testid="order-collect-on-delivery">
                      {formatMoney(order.amount, order.currency)}
                    </strong>,
                  ],
                ] as Row[])
              : []),
            [t('orders.detail.type'), t(TYPE_KEYS[order.productType])],
            [t('orders.detail.items'), formatNumber(order.items)],
            [t('orders.detail.date'), dateTime(order.createdAt)],
            [t('orders.detail.bot'), `@${order.bot.username}`],
            [
              t('orders.detail.customer'),
              <Link key="customer" to={`/customers/${order.customer.id}`}>
                {order.customer.name}
                {order.customer.username ? ` (@${order.customer.username})` : ''}
              </Link>,
            ],
            ...(order.note ? ([[t('orders.detail.note'), order.note]] as Row[]) : []),
          ]}
        />
      </Card>

      {order.pendingDelivery ? <PendingDelivery pending={order.pendingDelivery} /> : null}

      {order.shipping ? (
        <Card className={styles.section} aria-labelledby="order-shipping">
          <h2 id="order-shipping" className={styles.sectionTitle}>
            {t('orders.detail.shipping')}
          </h2>
          <InfoList
            rows={[
              [
                t('orders.detail.shippingAddress'),
                order.shipping.address ? (
                  <span key="address" data-testid="order-shipping-address">
                    {order.shipping.address}
                  </span>
                ) : (
                  notSet
                ),
              ],
              [t('orders.detail.shippingMethod'), order.shipping.method ?? notSet],
              ...(order.shipping.fee !== null
                ? ([
                    [
                      t('orders.detail.shippingFee'),
                      order.shipping.fee === 0
                        ? t('orders.detail.shippingFree')
                        : formatMoney(order.shipping.fee, order.currency),
                    ],
                  ] as Row[])
                : []),
              [
                t('orders.detail.trackingNumber'),
                order.shipping.trackingUrl ? (
                  <a
                    key="tracking"
                    href={order.shipping.trackingUrl}
                    target="_blank"
                    rel="noreferrer"
                    className={styles.mono}
                    data-testid="order-tracking-number"
                  >
                    {order.shipping.trackingNumber}
                  </a>
                ) : order.shipping.trackingNumber ? (
                  <span key="tracking" className={styles.mono} data-testid="order-tracking-number">
                    {order.shipping.trackingNumber}
                  </span>
                ) : (
                  notSet
                ),
              ],
              [
                t('orders.detail.deliveryDate'),
                order.shipping.deliveryDate ? formatDate(order.shipping.deliveryDate) : notSet,
              ],
              ...(order.packing ? packingRows(order.packing) : []),
            ]}
          />
        </Card>
      ) : null}

      {order.digitalInfo ? (
        <Card className={styles.section} aria-labelledby="order-digital">
          <h2 id="order-digital" className={styles.sectionTitle}>
            {t('orders.detail.digital')}
          </h2>
          <InfoList
            rows={[
              [
                t('orders.detail.codesIssued'),
                order.digitalInfo.codesIssued > 0
                  ? formatNumber(order.digitalInfo.codesIssued)
                  : t('orders.detail.noCodes'),
              ],
              [
                t('orders.detail.downloadLink'),
                order.digitalInfo.downloadLink ? (
                  <a key="download" href={order.digitalInfo.downloadLink} target="_blank" rel="noreferrer">
                    {order.digitalInfo.downloadLink}
                  </a>
                ) : (
                  notSet
                ),
              ],
            ]}
          />
          {order.digitalInfo.codesIssued > 0 ? <OrderCodes orderId={order.id} /> : null}
          {order.digitalInfo.held ? <ReleaseDelivery order={order} /> : null}
        </Card>
      ) : null}

      {order.serviceInfo ? (
        <Card className={styles.section} aria-labelledby="order-service">
          <h2 id="order-service" className={styles.sectionTitle}>
            {t('orders.detail.service')}
          </h2>
          <InfoList
            rows={[
              [t('orders.detail.bookingDate'), dateTime(order.serviceInfo.scheduledDate)],
              // A recurring service's series: every date booked.
              ...(order.serviceInfo.occurrences.length > 1
                ? [
                    [
                      t('orders.detail.series', { count: order.serviceInfo.occurrences.length }),
                      order.serviceInfo.occurrences.map((o) => dateTime(o)).join(' · '),
                    ] satisfies [string, string],
                  ]
                : []),
              [
                t('orders.detail.duration'),
                order.serviceInfo.duration === null
                  ? notSet
                  : order.serviceInfo.durationType && order.serviceInfo.durationType !== 'minutes'
                    ? `${formatNumber(order.serviceInfo.duration)} ${order.serviceInfo.durationType}`
                    : t('orders.detail.durationMinutes', { count: order.serviceInfo.duration }),
              ],
              ...serviceRows(order.serviceInfo),
            ]}
          />
          {order.serviceInfo.requested ? (
            <p className={styles.muted} data-testid="order-booking-requested">
              {t('orders.detail.bookingRequested')}
            </p>
          ) : null}
        </Card>
      ) : null}

      {nextStatus === 'shipped' ? (
        <Field
          label={t('orders.update.trackingLabel')}
          hint={t(
            order.shipping?.trackingRequired
              ? 'orders.update.trackingRequiredHint'
              : 'orders.update.trackingHint',
          )}
        >
          {(aria) => (
            <TextInput
              {...aria}
              mono
              value={trackingNumber}
              maxLength={ORDER_LIMITS.trackingNumberMax}
              onChange={(event) => onTrackingNumber(event.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      ) : null}

      {canCancel || canRefund ? (
        <div className={styles.actions}>
          {canRefund ? (
            <Button variant="secondary" className={styles.danger} onClick={onRefund} disabled={pending}>
              {t('orders.refund.button')}
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="secondary" className={styles.danger} onClick={onCancel} disabled={pending}>
              {t('orders.cancel.button')}
            </Button>
          ) : null}
        </div>
      ) : nextStatus === null ? (
        <p className={styles.muted}>{t('orders.detail.finished')}</p>
      ) : null}
    </>
  );
}
