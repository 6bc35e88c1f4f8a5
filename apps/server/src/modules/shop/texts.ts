import type { Language } from '@app/contracts/common';
import { cartTexts } from './features/cart.texts';
import { checkoutTexts } from './features/checkout.texts';
import { filtersTexts } from './features/filters.texts';
import { PAYMENT_TEXTS } from './features/payment.texts';
import { reviewsTexts } from './features/reviews.texts';
import { storeTexts } from './features/store.texts';
import { supportTexts } from './features/support.texts';

/**
 * What a shop bot says to its customers, in the bot's language (its settings). The vendor writes the welcome
 * message; these are the runtime's own words around it.
 */
const en = {
  shopClosed: 'This shop is closed for now',
  welcomeFallback: 'Welcome to {shop}!',
  browseCatalogue: '🛍 Browse the catalogue',
  openBackOffice: 'Open back-office',
  somethingWentWrong: 'Sorry, something went wrong on our side. Please try again in a moment.',
  chooseCategory: 'Choose a category',
  allProducts: 'All products',
  chooseProduct: 'Choose a product',
  nothingHere: 'Nothing here yet',
  noResults: 'Nothing found for “{query}”',
  resultsFor: 'Found for “{query}”',
  more: 'More ›',
  back: '‹ Back',
  backToCatalogue: '‹ Catalogue',
  productGone: 'This product is no longer available',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  fewLeft: 'Only {count} left',
  warrantyFor: '🛡 Warranty: {period}',
  warrantyIncluded: '🛡 Warranty included',
  returnPolicy: '↩️ Returns: {policy}',
  priceWas: '{price} (was {was})',
  brandLine: 'Brand: {brand}',
  madeIn: '🌍 Made in {country}',
};

/**
 * Each feature keeps its own words beside it (`features/<name>.texts.ts`, one object per language, English
 * first); they are listed here once.
 */
const FEATURE_TEXTS = [
  PAYMENT_TEXTS,
  filtersTexts,
  cartTexts,
  checkoutTexts,
  storeTexts,
  supportTexts,
  reviewsTexts,
] as const;

type FeatureTexts<T> = T extends { en: infer E } ? keyof E : never;
export type ShopTextKey = keyof typeof en | FeatureTexts<(typeof FEATURE_TEXTS)[number]>;

const CORE_TEXTS: Record<Language, Record<keyof typeof en, string>> = {
  en,
  es: {
    shopClosed: 'Esta tienda está cerrada por ahora',
    welcomeFallback: '¡Bienvenido a {shop}!',
    browseCatalogue: '🛍 Ver el catálogo',
    openBackOffice: 'Abrir el panel',
    somethingWentWrong: 'Lo sentimos, algo salió mal por nuestra parte. Inténtalo de nuevo en un momento.',
    chooseCategory: 'Elige una categoría',
    allProducts: 'Todos los productos',
    chooseProduct: 'Elige un producto',
    nothingHere: 'Aún no hay nada aquí',
    noResults: 'No se encontró nada para «{query}»',
    resultsFor: 'Resultados para «{query}»',
    more: 'Más ›',
    back: '‹ Atrás',
    backToCatalogue: '‹ Catálogo',
    productGone: 'Este producto ya no está disponible',
    inStock: 'En stock',
    outOfStock: 'Agotado',
    fewLeft: 'Solo quedan {count}',
    warrantyFor: '🛡 Garantía: {period}',
    warrantyIncluded: '🛡 Garantía incluida',
    returnPolicy: '↩️ Devoluciones: {policy}',
    priceWas: '{price} (antes {was})',
    brandLine: 'Marca: {brand}',
    madeIn: '🌍 Hecho en {country}',
  },
  fr: {
    shopClosed: 'Cette boutique est fermée pour le moment',
    welcomeFallback: 'Bienvenue chez {shop} !',
    browseCatalogue: '🛍 Voir le catalogue',
    openBackOffice: 'Ouvrir le back-office',
    somethingWentWrong: 'Désolé, un problème est survenu de notre côté. Réessayez dans un instant.',
    chooseCategory: 'Choisissez une catégorie',
    allProducts: 'Tous les produits',
    chooseProduct: 'Choisissez un produit',
    nothingHere: 'Rien ici pour le moment',
    noResults: 'Rien trouvé pour « {query} »',
    resultsFor: 'Résultats pour « {query} »',
    more: 'Plus ›',
    back: '‹ Retour',
    backToCatalogue: '‹ Catalogue',
    productGone: 'Ce produit n’est plus disponible',
    inStock: 'En stock',
    outOfStock: 'En rupture de stock',
    fewLeft: 'Plus que {count}',
    warrantyFor: '🛡 Garantie : {period}',
    warrantyIncluded: '🛡 Garantie incluse',
    returnPolicy: '↩️ Retours : {policy}',
    priceWas: '{price} (au lieu de {was})',
    brandLine: 'Marque : {brand}',
    madeIn: '🌍 Origine : {country}',
  },
  de: {
    shopClosed: 'Dieser Shop ist derzeit geschlossen',
    welcomeFallback: 'Willkommen bei {shop}!',
    browseCatalogue: '🛍 Katalog ansehen',
    openBackOffice: 'Backoffice öffnen',
    somethingWentWrong:
      'Entschuldigung, bei uns ist etwas schiefgelaufen. Bitte versuche es gleich noch einmal.',
    chooseCategory: 'Wähle eine Kategorie',
    allProducts: 'Alle Produkte',
    chooseProduct: 'Wähle ein Produkt',
    nothingHere: 'Hier gibt es noch nichts',
    noResults: 'Nichts gefunden für „{query}“',
    resultsFor: 'Ergebnisse für „{query}“',
    more: 'Mehr ›',
    back: '‹ Zurück',
    backToCatalogue: '‹ Katalog',
    productGone: 'Dieses Produkt ist nicht mehr erhältlich',
    inStock: 'Auf Lager',
    outOfStock: 'Ausverkauft',
    fewLeft: 'Nur noch {count}',
    warrantyFor: '🛡 Garantie: {period}',
    warrantyIncluded: '🛡 Mit Garantie',
    returnPolicy: '↩️ Rückgabe: {policy}',
    priceWas: '{price} (statt {was})',
    brandLine: 'Marke: {brand}',
    madeIn: '🌍 Hergestellt in {country}',
  },
  ru: {
    shopClosed: 'Этот магазин сейчас закрыт',
    welcomeFallback: 'Добро пожаловать в {shop}!',
    browseCatalogue: '🛍 Открыть каталог',
    openBackOffice: 'Открыть панель управления',
    somethingWentWrong: 'Извините, у нас что-то пошло не так. Попробуйте ещё раз через минуту.',
    chooseCategory: 'Выберите категорию',
    allProducts: 'Все товары',
    chooseProduct: 'Выберите товар',
    nothingHere: 'Здесь пока ничего нет',
    noResults: 'По запросу «{query}» ничего не найдено',
    resultsFor: 'Найдено по запросу «{query}»',
    more: 'Ещё ›',
    back: '‹ Назад',
    backToCatalogue: '‹ Каталог',
    productGone: 'Этот товар больше недоступен',
    inStock: 'В наличии',
    outOfStock: 'Нет в наличии',
    fewLeft: 'Осталось: {count}',
    warrantyFor: '🛡 Гарантия: {period}',
    warrantyIncluded: '🛡 С гарантией',
    returnPolicy: '↩️ Возврат: {policy}',
    priceWas: '{price} (было {was})',
    brandLine: 'Бренд: {brand}',
    madeIn: '🌍 Страна производства: {country}',
  },
  zh: {
    shopClosed: '本店暂时关闭',
    welcomeFallback: '欢迎光临 {shop}！',
    browseCatalogue: '🛍 浏览商品',
    openBackOffice: '打开后台',
    somethingWentWrong: '抱歉，我们这边出了点问题。请稍后再试。',
    chooseCategory: '请选择分类',
    allProducts: '全部商品',
    chooseProduct: '请选择商品',
    nothingHere: '这里还没有商品',
    noResults: '没有找到“{query}”',
    resultsFor: '“{query}”的搜索结果',
    more: '更多 ›',
    back: '‹ 返回',
    backToCatalogue: '‹ 商品目录',
    productGone: '该商品已下架',
    inStock: '有货',
    outOfStock: '缺货',
    fewLeft: '仅剩 {count} 件',
    warrantyFor: '🛡 保修：{period}',
    warrantyIncluded: '🛡 含保修',
    returnPolicy: '↩️ 退货：{policy}',
    priceWas: '{price}（原价 {was}）',
    brandLine: '品牌：{brand}',
    madeIn: '🌍 产地：{country}',
  },
};

const TEXTS = Object.fromEntries(
  (Object.keys(CORE_TEXTS) as Language[]).map((language) => [
    language,
    Object.assign({}, CORE_TEXTS[language], ...FEATURE_TEXTS.map((texts) => texts[language])),
  ]),
) as Record<Language, Record<ShopTextKey, string>>;

export function shopText(language: Language, key: ShopTextKey, params: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
