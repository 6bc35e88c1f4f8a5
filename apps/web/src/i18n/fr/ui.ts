import type { ui as en } from '../en/ui';
import type { AreaCatalogue } from '../messages';

export const ui = {
  'ui.retrying': 'Nouvelle tentative...',

  'ui.validation.required': 'Ce champ est obligatoire',
  'ui.validation.tooLong': {
    one: '{count} caractère au maximum',
    other: '{count} caractères au maximum',
  },
  'ui.validation.tooShort': {
    one: '{count} caractère au minimum',
    other: '{count} caractères au minimum',
  },
  'ui.validation.tooMany': {
    one: 'Choisissez {count} élément au maximum',
    other: 'Choisissez {count} éléments au maximum',
  },
  'ui.validation.tooBig': 'Doit être au plus {max}',
  'ui.validation.tooSmall': 'Doit être au moins {min}',
  'ui.validation.invalidFormat': 'Format non valide',
  'ui.validation.invalidOption': 'Choisissez l’une des options',
  'ui.validation.invalid': 'Valeur non valide',

  'ui.unsaved.title': 'Abandonner les modifications ?',
  'ui.unsaved.message':
    'Vous avez des modifications non enregistrées. Si vous partez maintenant, elles seront perdues.',
  'ui.unsaved.discard': 'Abandonner',
} satisfies AreaCatalogue<typeof en>;
