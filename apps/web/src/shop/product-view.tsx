import type { ShopProduct, ShopProductMedia, ShopProductOption } from '@app/contracts/shop-catalogue';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../components/ui/error-state';
import { LoadingState } from '../components/ui/spinner';
import { shopProduct as english } from '../i18n/en/shop-product';
import { addEnglish, useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { isApiError } from '../lib/api-client';
import { describeError } from '../lib/describe-error';
import { haptics, showAlert } from '../lib/telegram/bridge';
import { hideBackButton, onBackButtonClick, showBackButton, useMainButton } from '../lib/telegram/buttons';
import { ADD_ERRORS, useAddToCart } from './api/add-to-cart';
import { useShopProduct } from './api/get-shop-product';
import styles from './product-view.module.css';

/** The gallery's auto-play interval (spec part 2 §9: MEDIA_LIMITS.autoPlayMs, whose module would bring zod). */
const ADVANCE_MS = 5000;

// This view is its own chunk (the shop's first load stays under its budget), and brings its own English.
addEnglish(english);

export type ProductViewProps = {
  botId: string;
  initData: string;
  productId: string;
  /** Telegram's back button: back to the list. */
  onClose: () => void;
  /** What the cart holds of the product now, after an add from here. */
  onAdded: (productId: string, quantity: number) => void;
};

/**
 * One product of the shop, as its customer opens it from a tile or a shared address: the gallery, name, price
 * with its tax, rating, stock, description and aftercare; its options picked type by type (only what is in
 * stock is offered) and a quantity; Telegram's main button adds that to the cart, its back button returns to
 * the list.
 */
export default function ProductView({ botId, initData, productId, onClose, onAdded }: ProductViewProps) {
  const { t } = useI18n();
  const query = useShopProduct(botId, initData, productId);

  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  useEffect(() => {
    showBackButton();
    const off = onBackButtonClick(() => latestClose.current());
    return () => {
      off();
      hideBackButton();
    };
  }, []);

  if (query.isPending) {
    return (
      <main className={styles.page}>
        <LoadingState label={t('shopProduct.loading')} />
      </main>
    );
  }
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <main className={styles.page}>
        <ErrorState
          message={gone ? t('shopProduct.gone') : t('shopProduct.loadError')}
          {...(gone ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </main>
    );
  }
  return <ProductDetails botId={botId} initData={initData} product={query.data} onAdded={onAdded} />;
}

function ProductDetails({
  botId,
  initData,
  product,
  onAdded,
}: {
  botId: string;
  initData: string;
  product: ShopProduct;
  onAdded: ProductViewProps['onAdded'];
}) {
  const { t, formatMoney, formatNumber } = useI18n();
  const addToCart = useAddToCart(botId, initData);
  const hasOptions = product.types.length > 0;
  // The value picked for each type, in the types' order.
  const [picked, setPicked] = useState<(string | null)[]>(() => product.types.map(() => null));
  const option = hasOptions ? optionOf(product.options, picked) : null;
  const max = hasOptions ? (option?.max ?? 0) : product.max;
  const [quantity, setQuantity] = useState(1);
  // The product's units in the cart after an add from here (null: none yet), said under the quantity.
  const [inCart, setInCart] = useState<number | null>(null);
  const count = Math.max(1, Math.min(quantity, max));
  const unit = product.price + (option?.priceAdjustment ?? 0);
  const soldOut = hasOptions ? product.options.length === 0 : product.max === 0;

  const pick = (typeIndex: number, value: string) => {
    haptics.selection();
    setPicked((current) => {
      const next = current.map((v, i) => (i === typeIndex ? value : v));
      // A later type's value that does not go with the new one is picked again.
      return next.map((v, i) =>
        i > typeIndex && v !== null && !product.options.some((o) => matches(o, next.slice(0, i + 1)))
          ? null
          : v,
      );
    });
    setQuantity(1);
  };

  const add = async () => {
    if (max === 0 || addToCart.isPending) return;
    try {
      const answer = await addToCart.mutateAsync({
        productId: product.id,
        quantity: count,
        ...(option ? { variationId: option.id } : {}),
      });
      haptics.success();
      setInCart(answer.quantity);
      onAdded(product.id, answer.quantity);
    } catch (error) {
      haptics.error();
      // An option no longer sold reads as sold out.
      const codes = { ...ADD_ERRORS, CART_OPTION_NOT_FOUND: 'shop.outOfStock' } as const;
      void showAlert(describeError(error, { codes, fallback: 'shop.addFailed' }));
    }
  };
  useMainButton(
    soldOut
      ? t('shop.outOfStock')
      : max === 0
        ? t('shop.chooseOptions')
        : t('shopProduct.addPrice', { price: formatMoney(unit * count, product.currency) }),
    () => void add(),
    { enabled: max > 0, loading: addToCart.isPending },
  );

  const stock =
    product.stockStatus === 'out_of_stock'
      ? t('shop.outOfStock')
      : product.stockStatus === 'low_stock'
        ? t('shop.lowStock')
        : t('shopProduct.inStock');

  return (
    <main className={styles.page} data-testid="shop-product">
      <Gallery media={product.media} autoPlay={product.autoPlay} name={product.name} />
      <section className={styles.summary}>
        <h1 className={styles.name}>{product.name}</h1>
        <p className={styles.price}>
          <span data-testid="shop-product-price">{formatMoney(unit, product.currency)}</span>
          {product.comparePrice !== null && product.comparePrice > unit ? (
            <s className={styles.was} data-testid="shop-product-was">
              <span className="visually-hidden">{t('shopProduct.was')} </span>
              {formatMoney(product.comparePrice, product.currency)}
            </s>
          ) : null}
          {product.taxRate ? (
            <span className={styles.tax}>
              {t(product.taxInclusive ? 'shopProduct.taxIncluded' : 'shopProduct.taxAdded', {
                rate: product.taxRate,
              })}
            </span>
          ) : null}
        </p>
        <p className={styles.meta}>
          <span>
            {product.rating !== null && product.reviewCount > 0
              ? t('shopProduct.rating', {
                  rating: formatNumber(product.rating, {
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  }),
                  count: product.reviewCount,
                })
              : t('shopProduct.noReviews')}
          </span>
          <span className={product.stockStatus === 'out_of_stock' ? styles.soldOut : styles.inStock}>
            {stock}
          </span>
        </p>
        {product.brand ? (
          <p className={styles.short}>{t('shopProduct.brand', { brand: product.brand })}</p>
        ) : null}
        {/* The short description, unless the description below starts with it (it often does). */}
        {product.shortDescription && !product.description?.startsWith(product.shortDescription) ? (
          <p className={styles.short}>{product.shortDescription}</p>
        ) : null}
      </section>

      {hasOptions && !soldOut ? (
        <section className={styles.section} aria-label={t('shopProduct.options')}>
          {product.types.map((type, i) => (
            <OptionPicker
              key={type}
              label={t(`shopProduct.type.${type}` as MessageKey)}
              values={valuesFor(product.options, picked, i)}
              value={picked[i] ?? null}
              onPick={(value) => pick(i, value)}
            />
          ))}
        </section>
      ) : null}

      {!soldOut ? (
        <section className={styles.section}>
          <div className={styles.quantityRow}>
            <span className={styles.label} id="shop-quantity">
              {t('shopProduct.quantity')}
            </span>
            <div className={styles.stepper}>
              <button
                type="button"
                aria-label={t('shopProduct.less')}
                disabled={count <= 1}
                onClick={() => setQuantity(count - 1)}
              >
                −
              </button>
              <output aria-live="polite" aria-labelledby="shop-quantity" data-testid="shop-quantity">
                {count}
              </output>
              <button
                type="button"
                aria-label={t('shopProduct.more')}
                disabled={count >= max}
                onClick={() => {
                  haptics.selection();
                  setQuantity(count + 1);
                }}
              >
                +
              </button>
            </div>
          </div>
          {inCart !== null ? (
            <p className={styles.added} role="status">
              {t('shop.inCart', { count: inCart })}
            </p>
          ) : null}
          {/* Why "+" stopped: one order takes no more. */}
          {max > 0 && count >= max ? (
            <p className={styles.hint}>{t('shopProduct.maxPerOrder', { count: max })}</p>
          ) : null}
        </section>
      ) : null}

      {product.warranty !== null || product.returnPolicy || product.countryOfOrigin ? (
        <section className={styles.section}>
          {product.countryOfOrigin ? (
            <p className={styles.aftercare}>
              {t('shopProduct.madeIn', { country: product.countryOfOrigin })}
            </p>
          ) : null}
          {product.warranty !== null ? (
            <p className={styles.aftercare}>
              {product.warranty
                ? t('shopProduct.warrantyFor', { period: product.warranty })
                : t('shopProduct.warrantyIncluded')}
            </p>
          ) : null}
          {product.returnPolicy ? (
            <p className={styles.aftercare}>{t('shopProduct.returns', { policy: product.returnPolicy })}</p>
          ) : null}
        </section>
      ) : null}

      {product.features.length > 0 ? (
        <section className={styles.section}>
          <h2 className={styles.label}>{t('shopProduct.features')}</h2>
          <ul className={styles.features}>
            {product.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {product.description ? (
        <section className={styles.section}>
          <h2 className={styles.label}>{t('shopProduct.description')}</h2>
          <p className={styles.description}>{product.description}</p>
        </section>
      ) : null}
    </main>
  );
}

/** Whether an option has the values picked so far (null: any). */
const matches = (option: ShopProductOption, picked: readonly (string | null)[]) =>
  picked.every((value, i) => value === null || option.values[i] === value);

/** The option the picked values name, once every type is picked. */
function optionOf(options: ShopProductOption[], picked: (string | null)[]): ShopProductOption | null {
  if (picked.some((v) => v === null)) return null;
  return options.find((o) => matches(o, picked)) ?? null;
}

/** The values of type `index` that go with the earlier types' picks (the options in stock only). */
function valuesFor(options: ShopProductOption[], picked: (string | null)[], index: number): string[] {
  const before = picked.slice(0, index);
  return [...new Set(options.filter((o) => matches(o, before)).map((o) => o.values[index] ?? ''))];
}

function OptionPicker(props: {
  label: string;
  values: string[];
  value: string | null;
  onPick: (value: string) => void;
}) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.label}>{props.label}</legend>
      <div className={styles.choices}>
        {props.values.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.choice}
            aria-pressed={props.value === value}
            onClick={() => props.onPick(value)}
          >
            {value}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The product's pictures and videos, one at a time, swiped (scroll snap) or picked by the dots. With the
 * vendor's auto-play, it advances every few seconds until the customer touches it, and videos play muted
 * and inline (as Telegram's in-app browser allows only muted autoplay); without it, videos wait for a tap.
 */
function Gallery({ media, autoPlay, name }: { media: ShopProductMedia[]; autoPlay: boolean; name: string }) {
  const { t } = useI18n();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [touched, setTouched] = useState(false);

  const show = (next: number) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };

  useEffect(() => {
    if (!autoPlay || touched || media.length < 2) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = (i + 1) % media.length;
        const el = strip.current;
        el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
        return next;
      });
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [autoPlay, touched, media.length]);

  if (media.length === 0) {
    return (
      <div className={styles.noMedia} aria-hidden="true">
        🛍
      </div>
    );
  }
  return (
    <section className={styles.gallery} aria-label={t('shopProduct.gallery')}>
      <div
        ref={strip}
        className={styles.strip}
        onPointerDown={() => setTouched(true)}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {media.map((item, i) =>
          item.type === 'video' ? (
            <video
              key={item.url}
              className={styles.slide}
              src={item.url}
              playsInline
              preload="metadata"
              autoPlay={autoPlay}
              muted={autoPlay}
              loop={autoPlay}
              controls={!autoPlay}
              data-testid="shop-product-video"
            />
          ) : (
            <img
              key={item.url}
              className={styles.slide}
              src={item.url}
              alt={i === 0 ? name : ''}
              loading={i === 0 ? 'eager' : 'lazy'}
              draggable={false}
            />
          ),
        )}
      </div>
      {media.length > 1 ? (
        <div className={styles.dots}>
          {media.map((item, i) => (
            <button
              key={item.url}
              type="button"
              className={styles.dot}
              aria-label={t('shopProduct.show', { index: i + 1, count: media.length })}
              aria-current={i === index}
              onClick={() => {
                setTouched(true);
                show(i);
              }}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
