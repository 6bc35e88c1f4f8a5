import type { Catalogue } from './messages-en';

export const fr = {
  'common.retry': 'Réessayer',
  'common.cancel': 'Annuler',
  'common.save': 'Enregistrer',
  'common.back': 'Retour',
  'common.loading': 'Chargement...',
} satisfies Catalogue;
