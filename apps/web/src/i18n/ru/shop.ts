import type { shop as en } from '../en/shop';
import type { AreaCatalogue } from '../messages';

/** shop: the shop’s Mini App (see en/shop.ts). */
export const shop = {
  'shop.search': 'Поиск в магазине',
  'shop.categories': 'Категории',
  'shop.all': 'Все',
  'shop.region': 'Товары',
  'shop.loading': 'Загрузка магазина',
  'shop.loadingMore': 'Загрузка товаров',
  'shop.loadError': 'Не удалось загрузить магазин',
  'shop.empty': 'Здесь пока ничего нет',
  'shop.noResults': 'По запросу «{query}» ничего не найдено',
  'shop.emptyHint': 'Попробуйте другую категорию или запрос',
  'shop.loadMore': 'Показать ещё',
  'shop.lowStock': 'Осталось мало',
  'shop.outOfStock': 'Нет в наличии',
  'shop.was': 'Было',
  'shop.viewCart': 'Открыть корзину',
  'shop.add': 'В корзину',
  'shop.chooseOptions': 'Выбрать вариант',
  'shop.inCart': 'В корзине: {count}',
  'shop.viewCartCount': 'Корзина ({count})',
  'shop.limitReached': 'В одном заказе можно не больше {count} шт. этого товара.',
  'shop.addFailed': 'Не удалось добавить в корзину. Попробуйте ещё раз.',
  'shop.closed': 'Этот магазин сейчас закрыт',
  'shop.openFromBot': 'Откройте этот магазин через его бота в Telegram.',
} satisfies AreaCatalogue<typeof en>;
