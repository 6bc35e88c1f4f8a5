import type { shopProduct as en } from '../en/shop-product';
import type { AreaCatalogue } from '../messages';

/** shopProduct: the shop’s Mini App’s product view (see en/shop-product.ts). */
export const shopProduct = {
  'shopProduct.loading': 'Chargement du produit',
  'shopProduct.loadError': 'Impossible de charger ce produit',
  'shopProduct.gone': 'Ce produit n’est plus vendu ici',
  'shopProduct.gallery': 'Photos et vidéos',
  'shopProduct.show': 'Afficher {index} sur {count}',
  'shopProduct.taxIncluded': 'Dont {rate} % de taxes',
  'shopProduct.taxAdded': '+ {rate} % de taxes au paiement',
  'shopProduct.rating': { one: '★ {rating} · {count} avis', other: '★ {rating} · {count} avis' },
  'shopProduct.noReviews': 'Pas encore d’avis',
  'shopProduct.inStock': 'En stock',
  'shopProduct.description': 'Description',
  'shopProduct.quantity': 'Quantité',
  'shopProduct.less': 'Un de moins',
  'shopProduct.more': 'Un de plus',
  'shopProduct.maxPerOrder': 'Jusqu’à {count} par commande',
  'shopProduct.addPrice': 'Ajouter au panier · {price}',
  'shopProduct.type.size': 'Taille',
  'shopProduct.type.color': 'Couleur',
  'shopProduct.type.material': 'Matière',
  'shopProduct.type.style': 'Style',
  'shopProduct.type.model': 'Modèle',
  'shopProduct.type.weight': 'Poids',
  'shopProduct.warrantyFor': '🛡 Garantie : {period}',
  'shopProduct.warrantyIncluded': '🛡 Garantie incluse',
  'shopProduct.returns': '↩️ Retours : {policy}',
  'shopProduct.options': 'Options',
} satisfies AreaCatalogue<typeof en>;
