import type { Catalogue } from './messages-en';

export const ru = {
  'common.retry': 'Повторить',
  'common.cancel': 'Отмена',
  'common.save': 'Сохранить',
  'common.back': 'Назад',
  'common.loading': 'Загрузка...',
} satisfies Catalogue;
