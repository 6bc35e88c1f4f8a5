import type { shop as en } from '../en/shop';
import type { AreaCatalogue } from '../messages';

/** shop: the shop’s Mini App (see en/shop.ts). */
export const shop = {
  'shop.search': 'Buscar en la tienda',
  'shop.categories': 'Categorías',
  'shop.all': 'Todo',
  'shop.region': 'Productos',
  'shop.loading': 'Cargando la tienda',
  'shop.loadingMore': 'Cargando más productos',
  'shop.loadError': 'No se pudo cargar la tienda',
  'shop.empty': 'Aún no hay nada aquí',
  'shop.noResults': 'No se encontró nada para «{query}»',
  'shop.emptyHint': 'Prueba otra categoría o búsqueda',
  'shop.loadMore': 'Cargar más',
  'shop.lowStock': 'Quedan pocos',
  'shop.outOfStock': 'Agotado',
  'shop.was': 'Antes',
  'shop.viewCart': 'Ver carrito',
  'shop.add': 'Añadir al carrito',
  'shop.chooseOptions': 'Elegir opciones',
  'shop.inCart': '{count} en el carrito',
  'shop.viewCartCount': 'Ver carrito ({count})',
  'shop.limitReached': 'Un pedido admite {count} de este producto.',
  'shop.addFailed': 'No se pudo añadir al carrito. Inténtalo de nuevo.',
  'shop.closed': 'Esta tienda está cerrada por ahora',
  'shop.openFromBot': 'Abre esta tienda desde su bot en Telegram.',
} satisfies AreaCatalogue<typeof en>;
