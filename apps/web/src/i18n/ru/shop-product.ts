import type { shopProduct as en } from '../en/shop-product';
import type { AreaCatalogue } from '../messages';

/** shopProduct: the shop’s Mini App’s product view (see en/shop-product.ts). */
export const shopProduct = {
  'shopProduct.loading': 'Загружаем товар',
  'shopProduct.loadError': 'Не удалось загрузить товар',
  'shopProduct.gone': 'Этот товар здесь больше не продаётся',
  'shopProduct.gallery': 'Фото и видео',
  'shopProduct.show': 'Показать {index} из {count}',
  'shopProduct.taxIncluded': 'Включая налог {rate}%',
  'shopProduct.taxAdded': '+ налог {rate}% при оформлении',
  'shopProduct.rating': {
    one: '★ {rating} · {count} отзыв',
    few: '★ {rating} · {count} отзыва',
    many: '★ {rating} · {count} отзывов',
    other: '★ {rating} · {count} отзыва',
  },
  'shopProduct.noReviews': 'Отзывов пока нет',
  'shopProduct.inStock': 'В наличии',
  'shopProduct.description': 'Описание',
  'shopProduct.quantity': 'Количество',
  'shopProduct.less': 'На один меньше',
  'shopProduct.more': 'На один больше',
  'shopProduct.maxPerOrder': 'До {count} в заказе',
  'shopProduct.addPrice': 'В корзину · {price}',
  'shopProduct.type.size': 'Размер',
  'shopProduct.type.color': 'Цвет',
  'shopProduct.type.material': 'Материал',
  'shopProduct.type.style': 'Стиль',
  'shopProduct.type.model': 'Модель',
  'shopProduct.type.weight': 'Вес',
  'shopProduct.warrantyFor': '🛡 Гарантия: {period}',
  'shopProduct.warrantyIncluded': '🛡 С гарантией',
  'shopProduct.returns': '↩️ Возврат: {policy}',
  'shopProduct.options': 'Варианты',
} satisfies AreaCatalogue<typeof en>;
