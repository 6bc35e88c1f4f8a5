import type { ui as en } from '../en/ui';
import type { AreaCatalogue } from '../messages';

export const ui = {
  'ui.retrying': 'Reintentando...',

  'ui.validation.required': 'Este campo es obligatorio',
  'ui.validation.tooLong': {
    one: 'Debe tener como máximo {count} carácter',
    other: 'Debe tener como máximo {count} caracteres',
  },
  'ui.validation.tooShort': {
    one: 'Debe tener al menos {count} carácter',
    other: 'Debe tener al menos {count} caracteres',
  },
  'ui.validation.tooMany': {
    one: 'Elige como máximo {count} elemento',
    other: 'Elige como máximo {count} elementos',
  },
  'ui.validation.tooBig': 'Debe ser como máximo {max}',
  'ui.validation.tooSmall': 'Debe ser como mínimo {min}',
  'ui.validation.invalidFormat': 'Formato no válido',
  'ui.validation.invalidOption': 'Elige una de las opciones',
  'ui.validation.invalid': 'Valor no válido',

  'ui.unsaved.title': '¿Descartar los cambios?',
  'ui.unsaved.message': 'Tienes cambios sin guardar. Si sales ahora, se perderán.',
  'ui.unsaved.discard': 'Descartar',
} satisfies AreaCatalogue<typeof en>;
