import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': '重试',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.back': '返回',
  'common.loading': '加载中...',
  'common.ok': '确定',
  'common.networkError': '网络错误。请检查您的网络连接后重试。',
  'common.requestFailed': '请求失败',
} satisfies AreaCatalogue<typeof en>;
