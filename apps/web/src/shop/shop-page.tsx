import type { ShopCatalogueProduct } from '@app/contracts/shop-catalogue';
import { shopCartLink, shopProductLink } from '@app/contracts/shop-links';
import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import { DemoBottomButtons, DemoTopBar } from '../components/telegram/demo-chrome';
import { Chips } from '../components/ui/chips';
import { ErrorState } from '../components/ui/error-state';
import { InfiniteList } from '../components/ui/infinite-list';
import { SearchInput } from '../components/ui/search-input';
import { setLocale, useI18n } from '../i18n/i18n';
import { isApiError } from '../lib/api-client';
import { type DescribeErrorOptions, describeError } from '../lib/describe-error';
import { haptics, openTelegramLink, showAlert } from '../lib/telegram/bridge';
import { useMainButton } from '../lib/telegram/buttons';
import { useTelegram } from '../lib/telegram/state';
import { useAddToCart } from './api/add-to-cart';
import { useShopCatalogue } from './api/get-shop-catalogue';
import type { ShopFilters } from './api/shop-keys';
import styles from './shop-page.module.css';

const ALL = 'all';

// The store's "About" sits at the foot of the page: it loads after the catalogue, off the first load's budget.
const ShopAbout = lazy(() => import('./shop-about').then((m) => ({ default: m.ShopAbout })));

/**
 * The shop's Mini App: the catalogue of one shop bot as its customer sees it (the same products as in the
 * chat), searched and filtered by category. "Add to cart" puts a product in the chat's own cart; a product
 * with options, or a tap on its picture, opens its card in the bot's chat. The main button shows the cart
 * there, to check out.
 */
/** What "Add to cart" says when the shop refuses. */
const ADD_ERRORS = {
  CART_SOLD_OUT: 'shop.outOfStock',
  CART_LIMIT_REACHED: { key: 'shop.limitReached', params: (details) => ({ count: Number(details.max) }) },
} as const satisfies DescribeErrorOptions['codes'];

/** `initialSearch`: a shared product address opens the shop searched for that product. */
export function ShopPage({ botId, initialSearch = '' }: { botId: string; initialSearch?: string }) {
  const { t, formatMoney } = useI18n();
  const { initData, isDemo } = useTelegram();
  const [filters, setFilters] = useState<ShopFilters>({ categoryId: null, search: initialSearch });
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

  const openInChat = (link: string) => {
    haptics.impact('light');
    openTelegramLink(link);
  };
  useMainButton(
    cartCount > 0 ? t('shop.viewCartCount', { count: cartCount }) : t('shop.viewCart'),
    () => shop && openInChat(shopCartLink(shop.username)),
    { visible: shop !== undefined && !first?.maintenance },
  );

  const add = async (productId: string) => {
    setAdding((ids) => new Set(ids).add(productId));
    try {
      const answer = await addToCart.mutateAsync(productId);
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
      <main className={styles.page} data-testid="shop-page">
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
              inCart={inCart[product.id] ?? 0}
              adding={adding.has(product.id)}
              onOpen={() => shop && openInChat(shopProductLink(shop.username, product.id))}
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

function ProductTile(props: {
  product: ShopCatalogueProduct;
  price: string;
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
        <span className={styles.price}>{props.price}</span>
        {product.warranty !== null ? (
          <span className={styles.aftercare}>
            {product.warranty
              ? t('store.shop.warrantyFor', { period: product.warranty })
              : t('store.shop.warrantyIncluded')}
          </span>
        ) : null}
        {product.returnPolicy ? (
          <span className={styles.aftercare} title={product.returnPolicy}>
            {t('store.shop.returns', { policy: product.returnPolicy })}
          </span>
        ) : null}
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
