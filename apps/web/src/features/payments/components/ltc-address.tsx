import type { Payment } from '@app/contracts/payments';
import qrcode from 'qrcode-generator';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import styles from './payments.module.css';

/** Where to send the Litecoin: amount, address with a QR code (a litecoin: URI) and a copy button. */
export function LtcAddress({ payment }: { payment: Payment }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const address = payment.payAddress ?? '';
  const uri = `litecoin:${address}?amount=${payment.payAmount ?? ''}`;
  const svg = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(uri);
    qr.make();
    return `data:image/svg+xml;utf8,${encodeURIComponent(qr.createSvgTag({ cellSize: 4, margin: 0, scalable: true }))}`;
  }, [uri]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      haptics.success();
      setCopied(true);
    } catch {
      haptics.error();
    }
  };
  return (
    <Card className={styles.stack} aria-label={t('payments.ltc.addressLabel')}>
      <span>
        {t('payments.ltc.send', { amount: payment.payAmount ?? '', currency: payment.payCurrency ?? 'LTC' })}
      </span>
      <img className={styles.qr} src={svg} alt={t('payments.ltc.qrAlt')} />
      <code className={styles.address} data-testid="ltc-address">
        {address}
      </code>
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? t('payments.ltc.copied') : t('payments.ltc.copy')}
      </Button>
    </Card>
  );
}
