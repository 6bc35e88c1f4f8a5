import type { Catalogue } from './messages-en';

export const zh = {
  'common.retry': '重试',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.back': '返回',
  'common.loading': '加载中...',
} satisfies Catalogue;
