import type { shopProduct as en } from '../en/shop-product';
import type { AreaCatalogue } from '../messages';

/** shopProduct: the shop’s Mini App’s product view (see en/shop-product.ts). */
export const shopProduct = {
  'shopProduct.loading': 'Produkt wird geladen',
  'shopProduct.loadError': 'Dieses Produkt konnte nicht geladen werden',
  'shopProduct.gone': 'Dieses Produkt wird hier nicht mehr verkauft',
  'shopProduct.gallery': 'Fotos und Videos',
  'shopProduct.show': '{index} von {count} zeigen',
  'shopProduct.taxIncluded': 'Inkl. {rate} % Steuer',
  'shopProduct.taxAdded': 'Zzgl. {rate} % Steuer an der Kasse',
  'shopProduct.rating': { one: '★ {rating} · {count} Bewertung', other: '★ {rating} · {count} Bewertungen' },
  'shopProduct.noReviews': 'Noch keine Bewertungen',
  'shopProduct.inStock': 'Auf Lager',
  'shopProduct.description': 'Beschreibung',
  'shopProduct.quantity': 'Menge',
  'shopProduct.less': 'Eins weniger',
  'shopProduct.more': 'Eins mehr',
  'shopProduct.maxPerOrder': 'Bis zu {count} pro Bestellung',
  'shopProduct.addPrice': 'In den Warenkorb · {price}',
  'shopProduct.type.size': 'Größe',
  'shopProduct.type.color': 'Farbe',
  'shopProduct.type.material': 'Material',
  'shopProduct.type.style': 'Stil',
  'shopProduct.type.model': 'Modell',
  'shopProduct.type.weight': 'Gewicht',
  'shopProduct.warrantyFor': '🛡 Garantie: {period}',
  'shopProduct.warrantyIncluded': '🛡 Mit Garantie',
  'shopProduct.returns': '↩️ Rückgabe: {policy}',
  'shopProduct.options': 'Optionen',
} satisfies AreaCatalogue<typeof en>;
