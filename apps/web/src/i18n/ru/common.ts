import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Повторить',
  'common.cancel': 'Отмена',
  'common.save': 'Сохранить',
  'common.back': 'Назад',
  'common.loading': 'Загрузка...',
  'common.ok': 'ОК',
  'common.networkError': 'Ошибка сети. Проверьте подключение и попробуйте ещё раз.',
  'common.requestFailed': 'Запрос не выполнен',
} satisfies AreaCatalogue<typeof en>;
