import type { Product } from '@app/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/form/controls';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { productShareQueryOptions, useProductQr } from '../api/get-product-share';
import styles from './share-panel.module.css';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Share: the bot deep link (https://t.me/{bot}?start=product_{id}) copied to the clipboard, and its QR code
 * from the server. A product sold through several bots has one link per bot.
 */
export function SharePanel({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useI18n();
  const share = useQuery(productShareQueryOptions(product.id));
  const links = share.data?.links ?? [];
  const [botId, setBotId] = useState<string | undefined>(undefined);
  const link = links.find((l) => l.botId === botId) ?? links[0];
  const qr = useProductQr(product.id, link?.botId);
  const [copied, setCopied] = useState(false);

  // The link is copied as soon as it is known (spec §2.1: Share copies the deep link).
  const url = link?.url;
  useEffect(() => {
    if (!url) return;
    void copyText(url).then((ok) => {
      setCopied(ok);
      if (ok) haptics.success();
    });
  }, [url]);

  return (
    <Card className={styles.panel} aria-labelledby="share-title" data-testid="share-panel">
      <div className={styles.head}>
        <h2 id="share-title" className={styles.title}>
          {t('products.detail.shareTitle')}
        </h2>
        <Button variant="plain" onClick={onClose}>
          {t('products.detail.close')}
        </Button>
      </div>
      {share.isPending ? (
        <Spinner />
      ) : links.length === 0 ? (
        <p className={styles.muted}>{t('products.detail.shareNoBot')}</p>
      ) : (
        <>
          {links.length > 1 ? (
            <Select
              aria-label={t('products.detail.bots')}
              value={link?.botId}
              onChange={(event) => setBotId(event.target.value)}
              options={links.map((l) => ({ value: l.botId, label: `@${l.botUsername}` }))}
            />
          ) : null}
          <label className={styles.linkLabel}>
            <span>{t('products.detail.shareLink')}</span>
            <input
              className={styles.link}
              readOnly
              value={url ?? ''}
              onFocus={(event) => event.target.select()}
            />
          </label>
          {product.urlSlug && link ? (
            <label className={styles.linkLabel}>
              <span>{t('products.detail.sharePage')}</span>
              <input
                className={styles.link}
                readOnly
                // The shop's Mini App opened on the product; its link preview shows the SEO title and description.
                value={`${window.location.origin}/shop/${link.botId}/p/${encodeURIComponent(product.urlSlug)}`}
                onFocus={(event) => event.target.select()}
              />
            </label>
          ) : null}
          {copied ? (
            <p className={styles.copied} role="status">
              {t('products.detail.shareCopied')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            className={styles.copy}
            onClick={() =>
              url &&
              void copyText(url).then((ok) => {
                setCopied(ok);
                haptics.success();
              })
            }
          >
            {t('products.detail.share')}
          </Button>
          <div className={styles.qr}>
            {qr.data ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data)}`}
                alt={t('products.detail.shareQr', { name: product.name })}
              />
            ) : qr.isPending ? (
              <Spinner />
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}
