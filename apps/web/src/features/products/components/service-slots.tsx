import type { Product } from '@app/contracts/products';
import { useMemo } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { useProductSlots } from '../api/get-product-slots';
import { slotRange, slotsByDay } from '../lib/slots';
import styles from './inventory.module.css';

const DAYS = 7;

/** A service's open slots this week, as its shop bot will offer them: availability minus bookings. */
export function ServiceSlots({ product }: { product: Product }) {
  const { t, locale } = useI18n();
  const timeZone = product.service?.availability.timezone ?? 'UTC';
  const { from, to } = useMemo(() => slotRange(new Date(), timeZone, DAYS), [timeZone]);
  const slots = useProductSlots(product.id, from, to);
  const days = useMemo(
    () => (slots.data ? slotsByDay(slots.data.slots, slots.data.timezone, locale) : []),
    [slots.data, locale],
  );

  return (
    <Card aria-labelledby="service-slots-title" data-testid="service-slots">
      <h2 id="service-slots-title" className={styles.title}>
        {t('products.slots.title')}
      </h2>
      <p className={styles.muted}>{t('products.slots.timezone', { timezone: timeZone })}</p>
      {slots.isError ? (
        <ErrorState
          message={t('products.slots.loadError')}
          onRetry={() => void slots.refetch()}
          retrying={slots.isFetching}
        />
      ) : !slots.data ? (
        <span role="status" aria-label={t('products.slots.loading')}>
          <Spinner size="small" />
        </span>
      ) : days.length === 0 ? (
        <p className={styles.muted}>{t('products.slots.empty')}</p>
      ) : (
        <div className={styles.days}>
          {days.map((day) => (
            <section key={day.key} className={styles.day} aria-label={day.label}>
              <h3 className={styles.dayLabel}>{day.label}</h3>
              <ul className={styles.slots}>
                {day.slots.map((slot) => (
                  <li key={slot.start} className={styles.slot}>
                    <span>{slot.time}</span>
                    <span className={styles.places}>
                      {t('products.slots.places', { count: slot.available })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
