/** ui: English texts of the shared pieces in components/ui (forms, states, the leave-without-saving question). */
export const ui = {
  'ui.retrying': 'Retrying...',

  'ui.validation.required': 'This field is required',
  'ui.validation.tooLong': {
    one: 'Must be at most {count} character',
    other: 'Must be at most {count} characters',
  },
  'ui.validation.tooShort': {
    one: 'Must be at least {count} character',
    other: 'Must be at least {count} characters',
  },
  'ui.validation.tooMany': { one: 'Choose at most {count} item', other: 'Choose at most {count} items' },
  'ui.validation.tooBig': 'Must be at most {max}',
  'ui.validation.tooSmall': 'Must be at least {min}',
  'ui.validation.invalidFormat': 'Invalid format',
  'ui.validation.invalidOption': 'Choose one of the options',
  'ui.validation.invalid': 'Invalid value',

  'ui.unsaved.title': 'Discard changes?',
  'ui.unsaved.message': 'You have unsaved changes. If you leave now, they will be lost.',
  'ui.unsaved.discard': 'Discard',
} as const;
