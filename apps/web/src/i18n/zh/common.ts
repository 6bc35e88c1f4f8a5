import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': '重试',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.back': '返回',
  'common.loading': '加载中...',
} satisfies AreaCatalogue<typeof en>;
