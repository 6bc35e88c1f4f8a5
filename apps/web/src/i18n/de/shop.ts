import type { shop as en } from '../en/shop';
import type { AreaCatalogue } from '../messages';

/** shop: the shop’s Mini App (see en/shop.ts). */
export const shop = {
  'shop.search': 'Im Shop suchen',
  'shop.categories': 'Kategorien',
  'shop.all': 'Alle',
  'shop.region': 'Produkte',
  'shop.loading': 'Shop wird geladen',
  'shop.loadingMore': 'Weitere Produkte werden geladen',
  'shop.loadError': 'Der Shop konnte nicht geladen werden',
  'shop.empty': 'Hier ist noch nichts',
  'shop.noResults': 'Nichts gefunden für „{query}“',
  'shop.emptyHint': 'Versuchen Sie eine andere Kategorie oder Suche',
  'shop.loadMore': 'Mehr laden',
  'shop.lowStock': 'Nur noch wenige',
  'shop.outOfStock': 'Ausverkauft',
  'shop.was': 'Statt',
  'shop.viewCart': 'Warenkorb ansehen',
  'shop.add': 'In den Warenkorb',
  'shop.chooseOptions': 'Optionen wählen',
  'shop.inCart': '{count} im Warenkorb',
  'shop.viewCartCount': 'Warenkorb ansehen ({count})',
  'shop.limitReached': 'Eine Bestellung kann {count} Stück dieses Produkts enthalten.',
  'shop.addFailed': 'Konnte nicht in den Warenkorb gelegt werden. Bitte erneut versuchen.',
  'shop.closed': 'Dieser Shop ist derzeit geschlossen',
  'shop.openFromBot': 'Öffnen Sie diesen Shop über seinen Bot in Telegram.',
} satisfies AreaCatalogue<typeof en>;
