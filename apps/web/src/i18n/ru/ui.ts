import type { ui as en } from '../en/ui';
import type { AreaCatalogue } from '../messages';

export const ui = {
  'ui.retrying': 'Повторяем...',

  'ui.validation.required': 'Это поле обязательно',
  'ui.validation.tooLong': {
    one: 'Не больше {count} символа',
    few: 'Не больше {count} символов',
    many: 'Не больше {count} символов',
    other: 'Не больше {count} символа',
  },
  'ui.validation.tooShort': {
    one: 'Не меньше {count} символа',
    few: 'Не меньше {count} символов',
    many: 'Не меньше {count} символов',
    other: 'Не меньше {count} символа',
  },
  'ui.validation.tooMany': {
    one: 'Выберите не больше {count} элемента',
    few: 'Выберите не больше {count} элементов',
    many: 'Выберите не больше {count} элементов',
    other: 'Выберите не больше {count} элемента',
  },
  'ui.validation.tooBig': 'Значение не больше {max}',
  'ui.validation.tooSmall': 'Значение не меньше {min}',
  'ui.validation.invalidFormat': 'Неверный формат',
  'ui.validation.invalidOption': 'Выберите один из вариантов',
  'ui.validation.invalid': 'Недопустимое значение',

  'ui.unsaved.title': 'Сбросить изменения?',
  'ui.unsaved.message': 'Есть несохранённые изменения. Если уйти сейчас, они пропадут.',
  'ui.unsaved.discard': 'Сбросить',
} satisfies AreaCatalogue<typeof en>;
