import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Réessayer',
  'common.cancel': 'Annuler',
  'common.save': 'Enregistrer',
  'common.back': 'Retour',
  'common.loading': 'Chargement...',
  'common.ok': 'OK',
  'common.networkError': 'Erreur réseau. Vérifiez votre connexion et réessayez.',
  'common.requestFailed': 'La requête a échoué',
} satisfies AreaCatalogue<typeof en>;
