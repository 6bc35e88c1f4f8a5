import type { Category } from '@app/contracts/categories';
import type { Product, ProductListItem } from '@app/contracts/products';
import { Composer, InlineKeyboard } from 'grammy';
import { formatAmount } from '../../../lib/money';
import type { ShopContext } from '../context';
import { showInPlace } from '../in-place';
import type { ProductCardHooks } from './cart';

/** What the shop shows of the vendor's catalogue: active products sold through this bot only. */
export type CatalogueReader = {
  /** The categories a shop shows: the active ones that hold products. */
  categories(vendorId: string): Promise<Category[]>;
  products(
    vendorId: string,
    botId: string,
    query: { categoryId?: string; search?: string; page: number },
  ): Promise<{ products: ProductListItem[]; hasMore: boolean }>;
  /** The product when it is active and sold through this bot; null otherwise. */
  product(vendorId: string, botId: string, productId: string): Promise<Product | null>;
};

export type CatalogueDeps = {
  catalogue: CatalogueReader;
  /** Absolute URL of a stored image (Telegram fetches it for the link preview). */
  absoluteUrl(path: string): string;
  /** The cart's part of a product card: its buttons, and the view it counts (shop-runtime.ts wires it). */
  productCard?: ProductCardHooks;
};

/**
 * Browsing: categories as buttons, then a category's products (paged), then a product card, each shown in the
 * message whose button was tapped (a command or a search gets a new one); a plain text message searches. Deep
 * links `/start product_<id>` and `/start cat_<id>` open a product or a category.
 */
export function catalogueFeature(deps: CatalogueDeps) {
  const feature = new Composer<ShopContext>();
  const uuid = '([0-9a-f-]{36})';

  feature.command('start', async (ctx, next) => {
    const product = new RegExp(`^product_${uuid}$`).exec(ctx.match);
    if (product?.[1]) return showProduct(ctx, product[1]);
    const category = new RegExp(`^cat_${uuid}$`).exec(ctx.match);
    if (category?.[1]) return showCategory(ctx, category[1], 1);
    return next();
  });
  // The demo welcome says "Use /catalog": both spellings open it.
  feature.command(['catalogue', 'catalog'], (ctx) => showCategories(ctx));
  feature.callbackQuery('catalogue', async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCategories(ctx);
  });
  feature.callbackQuery(new RegExp(`^cat:${uuid}(?::(\\d+))?$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCategory(ctx, ctx.match[1] ?? '', Number(ctx.match[2] ?? 1));
  });
  feature.callbackQuery(/^all(?::(\d+))?$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showProducts(ctx, {}, Number(ctx.match[1] ?? 1), 'all');
  });
  feature.callbackQuery(new RegExp(`^product:${uuid}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showProduct(ctx, ctx.match[1] ?? '');
  });
  feature.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    const query = ctx.message.text.trim().slice(0, 100);
    await showProducts(ctx, { search: query }, 1, null, query);
  });

  async function showCategories(ctx: ShopContext) {
    const { shop } = ctx;
    const categories = await deps.catalogue.categories(shop.vendorId);
    const keyboard = new InlineKeyboard();
    for (const category of categories) keyboard.text(category.name, `cat:${category.id}`).row();
    keyboard.text(ctx.say('allProducts'), 'all');
    await showInPlace(ctx, ctx.say('chooseCategory'), keyboard);
  }

  async function showCategory(ctx: ShopContext, categoryId: string, page: number) {
    await showProducts(ctx, { categoryId }, page, `cat:${categoryId}`);
  }

  /** `more`: the callback prefix that pages on (null when the list does not page, e.g. a search). */
  async function showProducts(
    ctx: ShopContext,
    filter: { categoryId?: string; search?: string },
    page: number,
    more: string | null,
    query?: string,
  ) {
    const { shop } = ctx;
    const result = await deps.catalogue.products(shop.vendorId, shop.botId, { ...filter, page });
    if (result.products.length === 0) {
      const text = query === undefined ? ctx.say('nothingHere') : ctx.say('noResults', { query });
      await showInPlace(ctx, text, new InlineKeyboard().text(ctx.say('backToCatalogue'), 'catalogue'));
      return;
    }
    const keyboard = new InlineKeyboard();
    for (const product of result.products) {
      keyboard
        .text(
          `${product.name} · ${formatAmount(ctx.shop.language, product.price, product.currency)}`,
          `product:${product.id}`,
        )
        .row();
    }
    if (result.hasMore && more) keyboard.text(ctx.say('more'), `${more}:${page + 1}`).row();
    keyboard.text(ctx.say('backToCatalogue'), 'catalogue');
    const title = query === undefined ? ctx.say('chooseProduct') : ctx.say('resultsFor', { query });
    await showInPlace(ctx, title, keyboard);
  }

  async function showProduct(ctx: ShopContext, productId: string) {
    const { shop } = ctx;
    const product = await deps.catalogue.product(shop.vendorId, shop.botId, productId);
    if (!product) {
      await showInPlace(
        ctx,
        ctx.say('productGone'),
        new InlineKeyboard().text(ctx.say('backToCatalogue'), 'catalogue'),
      );
      return;
    }
    const main = product.images.find((image) => image.isMain) ?? product.images[0];
    const lines = [
      product.name,
      priceLine(ctx, product),
      product.brand ? ctx.say('brandLine', { brand: product.brand }) : '',
      stockLine(ctx, product),
      product.shortDescription ?? '',
      ...aftercareLines(ctx, product),
    ].filter((line) => line !== '');
    const back = product.categoryId ? `cat:${product.categoryId}` : 'catalogue';
    const keyboard = deps.productCard?.keyboard(ctx, product) ?? new InlineKeyboard();
    // The main photo above the text, as a large preview (a message keeps its buttons and stays editable).
    await showInPlace(
      ctx,
      lines.join('\n\n'),
      keyboard.text(ctx.say('back'), back),
      main
        ? { url: deps.absoluteUrl(main.mediumUrl), prefer_large_media: true, show_above_text: true }
        : { is_disabled: true },
    );
    deps.productCard?.shown(ctx, product);
  }

  return feature;
}

/** The price, with the vendor's compare-at price as the "was" price when it is higher (a sale). */
function priceLine(ctx: ShopContext, product: Product): string {
  const price = formatAmount(ctx.shop.language, product.price, product.currency);
  if (product.comparePrice === null || product.comparePrice <= product.price) return price;
  return ctx.say('priceWas', {
    price,
    was: formatAmount(ctx.shop.language, product.comparePrice, product.currency),
  });
}

/**
 * A physical product's country of origin, warranty and return policy, as the vendor set them (the product's
 * Physical tab).
 */
function aftercareLines(ctx: ShopContext, product: Product): string[] {
  const physical = product.productType === 'physical' ? product.physical : null;
  if (!physical) return [];
  const country = physical.countryOfOrigin?.trim();
  const period = physical.warrantyPeriod?.trim();
  const returns = physical.returnPolicy?.trim();
  return [
    country ? ctx.say('madeIn', { country }) : '',
    physical.warranty ? (period ? ctx.say('warrantyFor', { period }) : ctx.say('warrantyIncluded')) : '',
    returns ? ctx.say('returnPolicy', { policy: returns }) : '',
  ];
}

function stockLine(ctx: ShopContext, product: Product): string {
  if (product.productType === 'service') return '';
  if (product.stockStatus === 'out_of_stock') return ctx.say('outOfStock');
  if (product.stockStatus === 'low_stock') return ctx.say('fewLeft', { count: String(product.stock) });
  return ctx.say('inStock');
}
