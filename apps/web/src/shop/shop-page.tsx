import type { ShopCatalogueProduct } from '@app/contracts/shop-catalogue';
import { shopCartLink } from '@app/contracts/shop-links';
import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DemoBottomButtons, DemoTopBar } from '../components/telegram/demo-chrome';
import { Chips } from '../components/ui/chips';
import { ErrorState } from '../components/ui/error-state';
import { InfiniteList } from '../components/ui/infinite-list';
import { SearchInput } from '../components/ui/search-input';
import { setLocale, useI18n } from '../i18n/i18n';
import { isApiError } from '../lib/api-client';
import { describeError } from '../lib/describe-error';
import { haptics, openTelegramLink, showAlert } from '../lib/telegram/bridge';
import { useMainButton } from '../lib/telegram/buttons';
import { useTelegram } from '../lib/telegram/state';
import { ADD_ERRORS, useAddToCart } from './api/add-to-cart';
import { useShopCatalogue } from './api/get-shop-catalogue';
import type { ShopFilters } from './api/shop-keys';
import styles from './shop-page.module.css';

// The product view is its own chunk: the shop's first load stays under its budget (scripts/bundle-size.ts).
const ProductView = lazy(() => import('./product-view'));

const ALL = 'all';

// The store's "About" sits at the foot of the page: it loads after the catalogue, off the first load's budget.
const ShopAbout = lazy(() => import('./shop-about').then((m) => ({ default: m.ShopAbout })));

/**
 * The shop's Mini App: the catalogue of one shop bot as its customer sees it (the same products as in the
 * chat), searched and filtered by category. "Add to cart" puts a product in the chat's own cart; a tap on a
 * tile (or "Choose options") opens the product's view, with its gallery, options and quantity. The main button
 * shows the cart in the bot's chat, to check out.
 */

/** `initialProductId`: a shared product address (`/shop/{botId}/p/{slug}`) opens on that product's view. */
export function ShopPage({
  botId,
  initialProductId = null,
}: {
  botId: string;
  initialProductId?: string | null;
}) {
  const { t, formatMoney } = useI18n();
  const { initData, isDemo } = useTelegram();
  const [filters, setFilters] = useState<ShopFilters>({ categoryId: null, search: '' });
  const [openProduct, setOpenProduct] = useState<string | null>(initialProductId);
  // Where the list was scrolled when a product opened: back from it, the customer is where they were.
  const listScroll = useRef(0);
  const query = useShopCatalogue(botId, initData ?? '', filters);
  const first = query.data?.pages[0];
  const shop = first?.shop;
  const addToCart = useAddToCart(botId, initData ?? '');
  // What this visit added, per product (the tile says how many are in the cart), and the adds on their way.
  const [inCart, setInCart] = useState<Record<string, number>>({});
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const cartCount = first?.cartCount ?? 0;

  // The shop speaks its bot's language.
  useEffect(() => {
    if (shop) void setLocale(shop.language);
  }, [shop]);

  const viewProduct = (productId: string) => {
    haptics.impact('light');
    listScroll.current = window.scrollY;
    setOpenProduct(productId);
    window.scrollTo(0, 0);
  };
  const closeProduct = () => {
    setOpenProduct(null);
    requestAnimationFrame(() => window.scrollTo(0, listScroll.current));
  };

  const add = async (productId: string) => {
    setAdding((ids) => new Set(ids).add(productId));
    try {
      const answer = await addToCart.mutateAsync({ productId });
      haptics.success();
      setInCart((counts) => ({ ...counts, [productId]: answer.quantity }));
    } catch (error) {
      haptics.error();
      void showAlert(describeError(error, { codes: ADD_ERRORS, fallback: 'shop.addFailed' }));
    } finally {
      setAdding((ids) => new Set([...ids].filter((id) => id !== productId)));
    }
  };

  if (query.isError && isApiError(query.error) && query.error.status < 500) {
    const closed = query.error.code === 'SHOP_CLOSED';
    return (
      <main className={styles.page}>
        <ErrorState message={closed ? t('shop.closed') : t('shop.openFromBot')} />
      </main>
    );
  }

  // The bot is in maintenance: the shop's own "we'll be back soon" line, in its language, and nothing else.
  if (first?.maintenance) {
    return (
      <main className={styles.page} data-testid="shop-page">
        <ErrorState message={first.maintenance} />
      </main>
    );
  }

  const store = first?.store;
  // The store's colours (Settings → Store details) are the shop's accent: its buttons and its links.
  const accent = store
    ? ({
        '--tg-theme-button-color': store.primaryColor,
        '--tg-theme-button-text-color': store.secondaryColor,
        '--tg-theme-link-color': store.primaryColor,
      } as CSSProperties)
    : undefined;
  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const categories = [
    { value: ALL, label: t('shop.all') },
    ...(first?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <div className={styles.root} style={accent}>
      {isDemo ? <DemoTopBar /> : null}
      {openProduct ? (
        <Suspense>
          <ProductView
            botId={botId}
            initData={initData ?? ''}
            productId={openProduct}
            onClose={closeProduct}
            onAdded={(productId, quantity) => setInCart((counts) => ({ ...counts, [productId]: quantity }))}
          />
        </Suspense>
      ) : shop && !first?.maintenance ? (
        <CartButton count={cartCount} username={shop.username} />
      ) : null}
      {/* Kept while a product is open (hidden), so back from it finds the list as it was. */}
      <main className={styles.page} data-testid="shop-page" hidden={openProduct !== null}>
        {store?.banner ? <img className={styles.banner} src={store.banner} alt="" /> : null}
        <header className={styles.header}>
          {store?.logo ? <img className={styles.logo} src={store.logo} alt="" /> : null}
          <div>
            <h1 className={styles.title}>{store?.name ?? shop?.name ?? '\u00a0'}</h1>
            {store?.tagline ? <p className={styles.tagline}>{store.tagline}</p> : null}
          </div>
        </header>
        <SearchInput
          label={t('shop.search')}
          placeholder={t('shop.search')}
          value={filters.search}
          onSearch={(search) => setFilters((f) => ({ ...f, search }))}
        />
        {categories.length > 1 ? (
          <Chips
            label={t('shop.categories')}
            options={categories}
            value={filters.categoryId ?? ALL}
            onChange={(value) => {
              haptics.selection();
              setFilters((f) => ({ ...f, categoryId: value === ALL ? null : value }));
            }}
          />
        ) : null}
        <InfiniteList
          query={query}
          items={products}
          className={styles.grid}
          emptyIcon="🛍"
          skeleton={<div className={styles.skeleton} />}
          texts={{
            region: t('shop.region'),
            loading: t('shop.loading'),
            error: t('shop.loadError'),
            empty: filters.search ? t('shop.noResults', { query: filters.search }) : t('shop.empty'),
            emptyHint: t('shop.emptyHint'),
            loadingMore: t('shop.loadingMore'),
            loadMore: t('shop.loadMore'),
          }}
          renderItem={(product) => (
            <ProductTile
              key={product.id}
              product={product}
              price={formatMoney(product.price, product.currency)}
              was={product.comparePrice === null ? null : formatMoney(product.comparePrice, product.currency)}
              inCart={inCart[product.id] ?? 0}
              adding={adding.has(product.id)}
              onOpen={() => viewProduct(product.id)}
              onAdd={() => void add(product.id)}
            />
          )}
        />
        {first && first.faqs.length > 0 ? (
          <section className={styles.faqs} aria-labelledby="shop-faqs">
            <h2 id="shop-faqs" className={styles.faqsTitle}>
              {t('store.shop.faqs')}
            </h2>
            {first.faqs.map((faq) => (
              <details key={faq.id} className={styles.faq}>
                <summary>{faq.question}</summary>
                <p>{faq.answer}</p>
              </details>
            ))}
          </section>
        ) : null}
        {first ? (
          <Suspense fallback={null}>
            <ShopAbout store={first.store} policies={first.policies} />
          </Suspense>
        ) : null}
      </main>
      {isDemo ? <DemoBottomButtons bottomOffset="0px" /> : null}
    </div>
  );
}

/** Telegram's main button on the list: the cart, in the bot's chat, to check out. */
function CartButton({ count, username }: { count: number; username: string }) {
  const { t } = useI18n();
  useMainButton(count > 0 ? t('shop.viewCartCount', { count }) : t('shop.viewCart'), () => {
    haptics.impact('light');
    openTelegramLink(shopCartLink(username));
  });
  return null;
}

function ProductTile(props: {
  product: ShopCatalogueProduct;
  price: string;
  /** The compare-at price, struck through beside the price (null: none above it). */
  was: string | null;
  /** Units this customer added from here (0: none yet). */
  inCart: number;
  adding: boolean;
  onOpen: () => void;
  onAdd: () => void;
}) {
  const { t } = useI18n();
  const { product } = props;
  const soldOut = product.stockStatus === 'out_of_stock';
  const stock = soldOut
    ? t('shop.outOfStock')
    : product.stockStatus === 'low_stock'
      ? t('shop.lowStock')
      : null;
  return (
    <div className={styles.tile}>
      <button type="button" className={styles.details} onClick={props.onOpen}>
        <span className={styles.image}>
          {product.image ? (
            <img src={product.image} alt="" loading="lazy" />
          ) : (
            <span aria-hidden="true">🛍</span>
          )}
        </span>
        <span className={styles.name}>{product.name}</span>
        {/* After the name: the tile's accessible name still starts with the product's. */}
        {product.isFeatured ? <span className={styles.featured}>{t('store.shop.featured')}</span> : null}
        <span className={styles.price}>
          {props.price}
          {props.was ? (
            <s className={styles.was} data-testid="shop-tile-was">
              <span className="visually-hidden">{t('shop.was')} </span>
              {props.was}
            </s>
          ) : null}
        </span>
        {props.inCart > 0 ? (
          <span className={styles.inCart}>{t('shop.inCart', { count: props.inCart })}</span>
        ) : stock ? (
          <span className={styles.stock}>{stock}</span>
        ) : null}
      </button>
      {product.hasOptions ? (
        <button type="button" className={styles.add} onClick={props.onOpen}>
          {t('shop.chooseOptions')}
        </button>
      ) : product.canAdd ? (
        <button
          type="button"
          className={styles.add}
          onClick={props.onAdd}
          disabled={props.adding}
          aria-label={`${t('shop.add')}: ${product.name}`}
        >
          {t('shop.add')}
        </button>
      ) : null}
    </div>
  );
}
