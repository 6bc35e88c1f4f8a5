import type { ui as en } from '../en/ui';
import type { AreaCatalogue } from '../messages';

export const ui = {
  'ui.retrying': 'Erneuter Versuch...',

  'ui.validation.required': 'Dieses Feld ist erforderlich',
  'ui.validation.tooLong': {
    one: 'Höchstens {count} Zeichen',
    other: 'Höchstens {count} Zeichen',
  },
  'ui.validation.tooShort': {
    one: 'Mindestens {count} Zeichen',
    other: 'Mindestens {count} Zeichen',
  },
  'ui.validation.tooMany': {
    one: 'Höchstens {count} Eintrag wählen',
    other: 'Höchstens {count} Einträge wählen',
  },
  'ui.validation.tooBig': 'Darf höchstens {max} sein',
  'ui.validation.tooSmall': 'Muss mindestens {min} sein',
  'ui.validation.invalidFormat': 'Ungültiges Format',
  'ui.validation.invalidOption': 'Bitte eine der Optionen wählen',
  'ui.validation.invalid': 'Ungültiger Wert',

  'ui.unsaved.title': 'Änderungen verwerfen?',
  'ui.unsaved.message': 'Du hast ungespeicherte Änderungen. Wenn du jetzt gehst, gehen sie verloren.',
  'ui.unsaved.discard': 'Verwerfen',
} satisfies AreaCatalogue<typeof en>;
