import type { Product } from '@app/contracts/products';
import { PRODUCT_LIMITS } from '@app/contracts/products';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Gallery } from '../../../components/media/gallery';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useDeleteProduct } from '../api/delete-product';
import { useSetProductArchived } from '../api/set-product-archived';
import { CodeList } from '../components/code-list';
import { ProductAnalyticsPanel } from '../components/product-analytics';
import { ProductReviews, RatingSummary } from '../components/product-reviews';
import { ServiceSlots } from '../components/service-slots';
import { SharePanel } from '../components/share-panel';
import { WithProduct } from '../components/with-product';
import { durationText, STOCK_STATUS_LABEL, stockText, TYPE_LABEL } from '../lib/labels';
import { describeProductError } from '../lib/messages';
import { stockLevel } from '../lib/product-rules';
import styles from './product-detail-page.module.css';

const TABS = ['overview', 'details', 'analytics', 'inventory'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, MessageKey> = {
  overview: 'products.detail.tabOverview',
  details: 'products.detail.tabDetails',
  analytics: 'products.detail.tabAnalytics',
  inventory: 'products.detail.tabInventory',
};

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  return (
    <WithProduct
      productId={productId}
      title="products.detail.title"
      loadingLabel="products.detail.loading"
      testId="product-detail-page"
    >
      {(product) => <Detail product={product} />}
    </WithProduct>
  );
}

function Detail({ product }: { product: Product }) {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('overview');
  const [sharing, setSharing] = useState(false);
  const remove = useDeleteProduct();
  const archive = useSetProductArchived();
  const archived = product.status === 'archived';
  const edit = () =>
    navigate(`/products/${product.id}/edit`, { state: { productType: product.productType } });
  useMainButton(t('products.detail.edit'), edit);

  const deleteIt = async () => {
    const ok = await showConfirm(
      t('products.detail.confirmDelete', { name: product.name }),
      t('products.detail.delete'),
      {
        destructive: true,
      },
    );
    if (!ok) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        haptics.success();
        void navigate('/products', { replace: true });
      },
      onError: (error) => {
        haptics.error();
        void showAlert(describeProductError(error, 'products.detail.deleteFailed'));
      },
    });
  };

  const toggleArchive = async () => {
    if (!archived) {
      const ok = await showConfirm(
        t('products.detail.confirmArchive', { name: product.name }),
        t('products.detail.archive'),
        {
          destructive: true,
        },
      );
      if (!ok) return;
    }
    archive.mutate(
      { productId: product.id, archived: !archived },
      {
        onSuccess: () => haptics.success(),
        onError: (error) => {
          haptics.error();
          void showAlert(describeProductError(error, 'products.detail.archiveFailed'));
        },
      },
    );
  };

  return (
    <Page
      title={product.name}
      subtitle={
        <span className={styles.subtitle}>
          <span className={`${styles.typePill} ${styles[product.productType]}`}>
            {t(TYPE_LABEL[product.productType])}
          </span>
          <span
            className={`${styles.statusPill} ${
              product.status === 'active' ? styles.statusOn : archived ? styles.statusOff : styles.statusDraft
            }`}
          >
            {t(`products.status.${product.status}`)}
          </span>
          {product.sku ? <span>{t('products.card.sku', { sku: product.sku })}</span> : null}
        </span>
      }
      data-testid="product-detail-page"
    >
      <div className={styles.actions}>
        <Button variant="secondary" onClick={edit}>
          {t('products.detail.edit')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => navigate(`/product-new?duplicate=${encodeURIComponent(product.id)}`)}
        >
          {t('products.detail.duplicate')}
        </Button>
        <Button variant="secondary" onClick={() => setSharing(true)}>
          {t('products.detail.share')}
        </Button>
        <Button variant="secondary" onClick={() => void toggleArchive()} disabled={archive.isPending}>
          {archived ? t('products.detail.restore') : t('products.detail.archive')}
        </Button>
        <Button
          variant="secondary"
          className={styles.danger}
          onClick={() => void deleteIt()}
          disabled={remove.isPending}
        >
          {t('products.detail.delete')}
        </Button>
      </div>
      {sharing ? <SharePanel product={product} onClose={() => setSharing(false)} /> : null}

      <div className={styles.tabs} role="tablist" aria-label={t('products.detail.sections')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`detail-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="detail-panel"
            className={`${styles.tab} ${tab === name ? styles.tabActive : ''}`}
            onClick={() => {
              haptics.selection();
              setTab(name);
            }}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>

      <div id="detail-panel" role="tabpanel" aria-labelledby={`detail-tab-${tab}`} className={styles.panel}>
        {tab === 'overview' ? (
          <>
            <Gallery
              items={product.images.map((image) => ({
                id: image.id,
                type: image.type,
                url: image.url,
                mediumUrl: image.mediumUrl,
                thumbnailUrl: image.thumbnailUrl,
                isMain: image.isMain,
                order: image.position,
              }))}
              autoPlay={product.galleryAutoPlay}
            />
            <Card className={styles.hero}>
              <div className={styles.priceRow}>
                <span className={styles.price}>{formatMoney(product.price, product.currency)}</span>
                {product.comparePrice ? (
                  <s className={styles.compare}>{formatMoney(product.comparePrice, product.currency)}</s>
                ) : null}
                <span className={`${styles.stock} ${styles[stockLevel(product.stock)]}`}>
                  {stockText(product)}
                </span>
              </div>
              <p className={styles.muted}>{t(STOCK_STATUS_LABEL[product.stockStatus])}</p>
              <RatingSummary rating={product.rating} count={product.reviewCount} />
            </Card>
            {product.description || product.shortDescription ? (
              <Card>
                <h2 className={styles.cardTitle}>{t('products.detail.description')}</h2>
                <p className={styles.description}>{product.description ?? product.shortDescription}</p>
              </Card>
            ) : null}
            <Card>
              <h2 className={styles.cardTitle}>{t('products.field.videos')}</h2>
              {product.videos.length === 0 ? (
                <p className={styles.muted}>{t('products.detail.noVideos')}</p>
              ) : (
                <ul className={styles.links}>
                  {product.videos.map((url) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noreferrer">
                        {url}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        ) : null}
        {tab === 'overview' ? <ProductReviews productId={product.id} /> : null}
        {tab === 'details' ? <DetailsTab product={product} /> : null}
        {tab === 'analytics' ? <ProductAnalyticsPanel productId={product.id} /> : null}
        {tab === 'inventory' ? <InventoryTab product={product} /> : null}
      </div>
    </Page>
  );
}

function Facts({ items }: { items: [string, string | null | undefined][] }) {
  const shown = items.filter((item): item is [string, string] => Boolean(item[1]));
  return (
    <dl className={styles.facts}>
      {shown.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsTab({ product }: { product: Product }) {
  const { t, formatDate } = useI18n();
  const d = product.digital;
  const s = product.service;
  const p = product.physical;
  return (
    <Card>
      <Facts
        items={[
          [t('products.detail.category'), product.category?.name],
          [t('products.detail.subcategory'), product.subcategory?.name],
          [t('products.field.brand'), product.brand],
          [t('products.field.barcode'), product.barcode],
          [t('products.detail.tags'), product.tags.join(', ')],
          [
            t('products.detail.bots'),
            product.botIds === 'all'
              ? t('products.card.allBots')
              : product.bots.map((b) => `@${b.username}`).join(', '),
          ],
          [t('products.field.weight'), p?.weight != null ? `${p.weight} ${p.weightUnit}` : null],
          [
            t('products.field.dimensionUnit'),
            p?.dimensions?.length != null
              ? `${p.dimensions.length} × ${p.dimensions.width ?? '–'} × ${p.dimensions.height ?? '–'} ${p.dimensions.unit}`
              : null,
          ],
          [t('products.field.shippingClass'), p ? t(`products.shippingClass.${p.shippingClass}`) : null],
          [t('products.field.digitalType'), d ? t(`products.digitalType.${d.digitalType}`) : null],
          [t('products.field.fileFormat'), d?.fileFormat],
          [
            t('products.field.maxDownloads'),
            d && d.digitalType === 'downloadable' ? String(d.maxDownloads) : null,
          ],
          [t('products.field.licenseType'), d?.licenseType],
          [t('products.field.eventName'), d?.eventName],
          [t('products.field.eventDate'), d?.eventDate ? formatDate(d.eventDate) : null],
          [t('products.field.duration'), s?.duration ? durationText(s.duration, s.durationUnit) : null],
          [t('products.field.location'), s ? t(`products.location.${s.location}`) : null],
          [t('products.field.address'), s?.address],
          [t('products.field.maxBookings'), s ? String(s.maxBookings) : null],
          [t('products.detail.created'), formatDate(product.createdAt)],
          [t('products.detail.updated'), formatDate(product.updatedAt)],
        ]}
      />
    </Card>
  );
}

function InventoryTab({ product }: { product: Product }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const pool = product.codePool;
  const variations = product.physical?.variations ?? [];
  const combinations = product.physical?.combinations ?? [];
  return (
    <>
      <Card>
        <Facts
          items={[
            [t('products.detail.stock'), stockText(product)],
            [t('products.detail.minStock'), formatNumber(product.minStock)],
            [
              t('products.detail.trackInventory'),
              t(product.trackInventory ? 'products.detail.on' : 'products.detail.off'),
            ],
          ]}
        />
      </Card>
      {pool ? (
        <Card>
          <h2 className={styles.cardTitle}>{t('products.detail.codePool')}</h2>
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>{t('products.detail.codesIssued')}</dt>
              <dd>{formatNumber(pool.issued)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('products.detail.codesLeft')}</dt>
              <dd>{formatNumber(pool.available)}</dd>
            </div>
          </dl>
          {pool.available <= PRODUCT_LIMITS.lowPoolAt ? (
            <p className={styles.warning} role="status">
              {t('products.detail.lowPool', { count: formatNumber(pool.available) })}
            </p>
          ) : null}
        </Card>
      ) : null}
      {pool ? <CodeList productId={product.id} /> : null}
      {product.productType === 'service' ? <ServiceSlots product={product} /> : null}
      {product.productType === 'physical' ? (
        <Card>
          <h2 className={styles.cardTitle}>{t('products.detail.variations')}</h2>
          {combinations.length > 0 ? (
            <ul className={styles.links} data-testid="product-combinations">
              {combinations.map((combo) => (
                <li key={combo.id ?? combo.values.join('/')} className={styles.variationRow}>
                  <span>
                    {combo.values.join(' / ')}
                    {combo.sku ? ` · ${combo.sku}` : ''}
                  </span>
                  <span>
                    {combo.priceAdjustment ? formatMoney(combo.priceAdjustment, product.currency) : ''}
                  </span>
                  <span>{t('products.stock.units', { count: combo.stock })}</span>
                </li>
              ))}
            </ul>
          ) : variations.length === 0 ? (
            <p className={styles.muted}>{t('products.detail.noVariations')}</p>
          ) : (
            variations.map((variation) => (
              <div key={variation.type} className={styles.variation}>
                <h3 className={styles.variationTitle}>{t(`products.variationType.${variation.type}`)}</h3>
                <ul className={styles.links}>
                  {variation.values.map((value) => (
                    <li key={value.id ?? value.value} className={styles.variationRow}>
                      <span>{value.value}</span>
                      <span>
                        {value.priceAdjustment ? formatMoney(value.priceAdjustment, product.currency) : ''}
                      </span>
                      <span>{t('products.stock.units', { count: value.stock })}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </Card>
      ) : null}
    </>
  );
}
