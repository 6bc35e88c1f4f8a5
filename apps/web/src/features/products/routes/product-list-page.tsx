import type { ProductType } from '@app/contracts/catalogue';
import type { ProductListResponse } from '@app/contracts/products';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { downloadFile, haptics, showAlert } from '../../../lib/telegram/bridge';
import { useProductsExportLink } from '../api/export-products';
import { useCategoryOptions } from '../api/get-category-options';
import { useProductBots } from '../api/get-product-bots';
import { useProductCountsByBot } from '../api/get-product-count';
import { useProducts } from '../api/get-products';
import type { ProductFilters } from '../api/product-keys';
import { ProductCard, ProductCardSkeleton } from '../components/product-card';
import { useDebouncedValue } from '../lib/use-debounced-value';
import styles from './product-list-page.module.css';

const TYPE_FILTERS = [
  { type: null, label: 'products.list.filterTotal', count: 'total' },
  { type: 'physical', label: 'products.list.filterPhysical', count: 'physical' },
  { type: 'digital', label: 'products.list.filterDigital', count: 'digital' },
  { type: 'service', label: 'products.list.filterServices', count: 'service' },
] as const;

/** The spec's 'All' / 'all' mean no filter; the address holds only real ones. */
const real = (value: string | null) => (value && value !== 'all' && value !== 'All' ? value : undefined);

export function ProductListPage() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  // The filters live in the address (/products?botId=…), so back from a product returns to the same list.
  const [params, setParams] = useSearchParams();
  const productType = real(params.get('productType')) as ProductType | undefined;
  const category = real(params.get('category'));
  const subcategory = real(params.get('subcategory'));
  const botId = real(params.get('botId'));
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debouncedSearch = useDebouncedValue(search.trim());

  const setFilters = (patch: Record<string, string | undefined>) => {
    haptics.selection();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  // The typed search joins the address once it settles, unless the user has already left for another screen:
  // writing it then would replace that navigation (a card tapped while the search was settling).
  const leaving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (leaving || (params.get('search') ?? '') === debouncedSearch) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debouncedSearch) next.set('search', debouncedSearch);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [debouncedSearch, params, setParams, leaving]);

  const filters: ProductFilters = useMemo(
    () => ({ search: debouncedSearch || undefined, productType, category, subcategory, botId }),
    [debouncedSearch, productType, category, subcategory, botId],
  );
  const products = useProducts(filters);
  const categories = useCategoryOptions();
  const bots = useProductBots();
  const chosenCategory = categories.find((c) => c.id === category);
  const firstPage: ProductListResponse | undefined = products.data?.pages[0];
  const items = useMemo(() => products.data?.pages.flatMap((page) => page.products) ?? [], [products.data]);
  const filtered = Boolean(filters.search || productType || category || subcategory || botId);

  // Infinite scroll: the next page loads when the end of the list comes near.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = products;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const addProduct = () => navigate('/product-new');

  // The catalogue as CSV (the import's columns): a link Telegram downloads itself, see lib/telegram/bridge.ts.
  const exportLink = useProductsExportLink();
  const exportCatalogue = () =>
    exportLink.mutate(undefined, {
      onSuccess: async (link) => {
        const day = new Date().toISOString().slice(0, 10);
        if (await downloadFile(link.url, `products-${day}.csv`)) haptics.success();
      },
      onError: () => {
        haptics.error();
        void showAlert(t('products.list.exportFailed'));
      },
    });

  return (
    <Page
      title={
        <span className={styles.titleRow}>
          <span>{t('products.list.title')}</span>
          <span className={styles.titleActions}>
            <Button
              variant="secondary"
              className={styles.headerButton}
              onClick={() => navigate('/products/import')}
            >
              {t('products.list.import')}
            </Button>
            <Button
              variant="secondary"
              className={styles.headerButton}
              onClick={exportCatalogue}
              disabled={exportLink.isPending}
            >
              {t('products.list.export')}
            </Button>
            <Button
              variant="secondary"
              className={styles.headerButton}
              onClick={() => navigate('/categories')}
            >
              {t('products.list.categories')}
            </Button>
          </span>
        </span>
      }
      subtitle={
        firstPage
          ? t('products.list.stockSummary', {
              inStock: formatNumber(firstPage.stats.inStock),
              lowStock: formatNumber(firstPage.stats.lowStock),
              outOfStock: formatNumber(firstPage.stats.outOfStock),
            })
          : undefined
      }
      data-testid="product-list-page"
    >
      <fieldset className={styles.filterCards} aria-label={t('products.list.filters')}>
        {TYPE_FILTERS.map((filter) => {
          const active = (productType ?? null) === filter.type;
          return (
            <button
              key={filter.count}
              type="button"
              aria-pressed={active}
              className={`${styles.filterCard} ${active ? styles.filterActive : ''}`}
              onClick={() =>
                setFilters({
                  productType: filter.type ?? undefined,
                  category: undefined,
                  subcategory: undefined,
                })
              }
            >
              <span className={styles.filterCount}>
                {firstPage ? formatNumber(firstPage.typeCounts[filter.count]) : '–'}
              </span>
              <span className={styles.filterLabel}>{t(filter.label)}</span>
            </button>
          );
        })}
      </fieldset>

      <div className={styles.searchRow}>
        <TextInput
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('products.list.search')}
          aria-label={t('products.list.searchLabel')}
          className={styles.search}
        />
        <Select
          aria-label={t('products.list.botFilter')}
          className={styles.botSelect}
          value={botId ?? 'all'}
          onChange={(event) => setFilters({ botId: real(event.target.value) })}
          options={[
            { value: 'all', label: t('products.list.allBots') },
            ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: `@${bot.username}` })),
          ]}
        />
      </div>

      {categories.length > 0 ? (
        <fieldset className={styles.chips} aria-label={t('products.list.categoryChips')}>
          {[{ id: undefined, name: t('products.list.all') }, ...categories].map((c) => (
            <button
              key={c.id ?? 'all'}
              type="button"
              aria-pressed={category === c.id}
              className={`${styles.chip} ${category === c.id ? styles.chipActive : ''}`}
              onClick={() => setFilters({ category: c.id, subcategory: undefined })}
            >
              {c.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      {chosenCategory && chosenCategory.subcategories.length > 0 ? (
        <fieldset className={styles.chips} aria-label={t('products.list.subcategoryChips')}>
          {[{ id: undefined, name: t('products.list.all') }, ...chosenCategory.subcategories].map((s) => (
            <button
              key={s.id ?? 'all'}
              type="button"
              aria-pressed={subcategory === s.id}
              className={`${styles.chip} ${styles.subChip} ${subcategory === s.id ? styles.chipActive : ''}`}
              onClick={() => setFilters({ subcategory: s.id })}
            >
              {s.name}
            </button>
          ))}
        </fieldset>
      ) : null}

      {products.isError && !products.data ? (
        <ErrorState
          message={t('products.list.loadError')}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : !products.data ? (
        <div className={styles.list} role="status" aria-label={t('products.list.loading')}>
          <ProductCardSkeleton />
          <ProductCardSkeleton />
          <ProductCardSkeleton />
        </div>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState icon="🔍" title={t('products.list.emptyTitle')} hint={t('products.list.emptyHint')} />
        ) : (
          <EmptyState
            icon="📦"
            title={t('products.list.emptyTitle')}
            action={<Button onClick={addProduct}>{t('products.list.emptyAction')}</Button>}
          />
        )
      ) : (
        <>
          <p className={styles.shown} aria-live="polite">
            {t('products.list.shown', { count: items.length, total: firstPage?.total ?? items.length })}
          </p>
          <section
            className={`${styles.list} ${products.isPlaceholderData ? styles.stale : ''}`}
            aria-label={t('products.list.region')}
            aria-busy={products.isFetching}
          >
            {items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </section>
          <div ref={sentinel} className={styles.sentinel}>
            {isFetchingNextPage ? (
              <span role="status" aria-label={t('products.list.loadingMore')}>
                <Spinner size="small" />
              </span>
            ) : null}
          </div>
          {products.isFetchNextPageError ? (
            <ErrorState message={t('products.list.loadError')} onRetry={() => void fetchNextPage()} />
          ) : null}
        </>
      )}

      <DistributionCard bots={bots.data ?? []} />

      <button
        type="button"
        className={styles.fab}
        onClick={addProduct}
        aria-label={t('products.list.add')}
        data-testid="add-product-fab"
      >
        +
      </button>
    </Page>
  );
}

type BotOption = { id: string; name: string; username: string };

/** Spec §2.1: product counts for the first three bots. */
function DistributionCard({ bots }: { bots: BotOption[] }) {
  const { t } = useI18n();
  const firstThree = bots.slice(0, 3);
  const counts = useProductCountsByBot(firstThree.map((bot) => bot.id));
  return (
    <Card
      className={styles.distribution}
      aria-labelledby="product-distribution-title"
      data-testid="product-distribution"
    >
      <h2 id="product-distribution-title" className={styles.distributionTitle}>
        {t('products.list.distribution')}
      </h2>
      {firstThree.length === 0 ? (
        <p className={styles.shown}>{t('products.list.noBots')}</p>
      ) : (
        <ul className={styles.distributionList}>
          {firstThree.map((bot, index) => {
            const count = counts[index]?.data;
            return (
              <li key={bot.id}>
                <span className={styles.distributionBot}>@{bot.username}</span>
                <span>{count === undefined ? '–' : t('products.list.distributionCount', { count })}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
