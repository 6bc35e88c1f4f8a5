import type { shopProduct as en } from '../en/shop-product';
import type { AreaCatalogue } from '../messages';

/** shopProduct: the shop’s Mini App’s product view (see en/shop-product.ts). */
export const shopProduct = {
  'shopProduct.loading': 'Cargando el producto',
  'shopProduct.loadError': 'No se pudo cargar este producto',
  'shopProduct.gone': 'Este producto ya no se vende aquí',
  'shopProduct.gallery': 'Fotos y vídeos',
  'shopProduct.show': 'Mostrar {index} de {count}',
  'shopProduct.taxIncluded': 'Incluye {rate}% de impuestos',
  'shopProduct.taxAdded': '+ {rate}% de impuestos al pagar',
  'shopProduct.rating': { one: '★ {rating} · {count} reseña', other: '★ {rating} · {count} reseñas' },
  'shopProduct.noReviews': 'Aún no hay reseñas',
  'shopProduct.inStock': 'En stock',
  'shopProduct.description': 'Descripción',
  'shopProduct.quantity': 'Cantidad',
  'shopProduct.less': 'Uno menos',
  'shopProduct.more': 'Uno más',
  'shopProduct.maxPerOrder': 'Hasta {count} por pedido',
  'shopProduct.addPrice': 'Añadir al carrito · {price}',
  'shopProduct.type.size': 'Talla',
  'shopProduct.type.color': 'Color',
  'shopProduct.type.material': 'Material',
  'shopProduct.type.style': 'Estilo',
  'shopProduct.type.model': 'Modelo',
  'shopProduct.type.weight': 'Peso',
  'shopProduct.warrantyFor': '🛡 Garantía: {period}',
  'shopProduct.warrantyIncluded': '🛡 Garantía incluida',
  'shopProduct.returns': '↩️ Devoluciones: {policy}',
  'shopProduct.options': 'Opciones',
} satisfies AreaCatalogue<typeof en>;
