import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Повторить',
  'common.cancel': 'Отмена',
  'common.save': 'Сохранить',
  'common.back': 'Назад',
  'common.loading': 'Загрузка...',
} satisfies AreaCatalogue<typeof en>;
