import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { describeError } from '../../../lib/describe-error';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { useOrderCodes, useRevealOrderCode } from '../api/order-codes';
import styles from './order-detail.module.css';

/**
 * The codes the buyer received, masked; Reveal shows one in full (the server records who revealed it), so the
 * vendor can answer "which code did I get?" without the codes lying open on the screen.
 */
export function OrderCodes({ orderId }: { orderId: string }) {
  const { t, formatDate } = useI18n();
  const codes = useOrderCodes(orderId, true);
  const reveal = useRevealOrderCode(orderId);
  const [shown, setShown] = useState<Record<string, string>>({});

  if (!codes.data || codes.data.codes.length === 0) return null;
  return (
    <ul className={styles.codes} aria-label={t('orders.detail.codes')} data-testid="order-codes">
      {codes.data.codes.map((code) => (
        <li key={code.id} className={styles.code}>
          <span className={styles.codeName}>
            <span>{code.productName}</span>
            {code.validUntil ? (
              <span className={styles.muted}>
                {t('orders.detail.validUntil', {
                  date: formatDate(code.validUntil, { dateStyle: 'medium' }),
                })}
              </span>
            ) : null}
          </span>
          <code>{shown[code.id] ?? code.masked}</code>
          {shown[code.id] ? null : (
            <Button
              variant="plain"
              disabled={reveal.isPending}
              onClick={() =>
                reveal.mutate(code.id, {
                  onSuccess: (full) => {
                    haptics.selection();
                    setShown((current) => ({ ...current, [full.id]: full.code }));
                  },
                  onError: (error) => {
                    haptics.error();
                    void showAlert(describeError(error, { fallback: 'orders.detail.revealFailed' }));
                  },
                })
              }
            >
              {t('orders.detail.reveal')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
