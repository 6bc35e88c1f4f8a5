import type { shop as en } from '../en/shop';
import type { AreaCatalogue } from '../messages';

/** shop: the shop’s Mini App (see en/shop.ts). */
export const shop = {
  'shop.search': 'Rechercher dans la boutique',
  'shop.categories': 'Catégories',
  'shop.all': 'Tout',
  'shop.region': 'Produits',
  'shop.loading': 'Chargement de la boutique',
  'shop.loadingMore': 'Chargement d’autres produits',
  'shop.loadError': 'Impossible de charger la boutique',
  'shop.empty': 'Rien ici pour l’instant',
  'shop.noResults': 'Aucun résultat pour « {query} »',
  'shop.emptyHint': 'Essayez une autre catégorie ou recherche',
  'shop.loadMore': 'Voir plus',
  'shop.lowStock': 'Plus que quelques-uns',
  'shop.outOfStock': 'Rupture de stock',
  'shop.was': 'Au lieu de',
  'shop.viewCart': 'Voir le panier',
  'shop.add': 'Ajouter au panier',
  'shop.chooseOptions': 'Choisir les options',
  'shop.inCart': '{count} dans le panier',
  'shop.viewCartCount': 'Voir le panier ({count})',
  'shop.limitReached': 'Une commande peut contenir {count} de ce produit.',
  'shop.addFailed': 'Impossible de l’ajouter au panier. Réessayez.',
  'shop.closed': 'Cette boutique est fermée pour le moment',
  'shop.openFromBot': 'Ouvrez cette boutique depuis son bot dans Telegram.',
} satisfies AreaCatalogue<typeof en>;
