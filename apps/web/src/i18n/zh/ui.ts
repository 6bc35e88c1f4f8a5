import type { ui as en } from '../en/ui';
import type { AreaCatalogue } from '../messages';

export const ui = {
  'ui.retrying': '正在重试...',

  'ui.validation.required': '此项为必填项',
  'ui.validation.tooLong': { other: '最多 {count} 个字符' },
  'ui.validation.tooShort': { other: '至少 {count} 个字符' },
  'ui.validation.tooMany': { other: '最多选择 {count} 项' },
  'ui.validation.tooBig': '不能大于 {max}',
  'ui.validation.tooSmall': '不能小于 {min}',
  'ui.validation.invalidFormat': '格式无效',
  'ui.validation.invalidOption': '请选择其中一个选项',
  'ui.validation.invalid': '值无效',

  'ui.unsaved.title': '放弃更改？',
  'ui.unsaved.message': '您有未保存的更改。现在离开，这些更改将会丢失。',
  'ui.unsaved.discard': '放弃',
} satisfies AreaCatalogue<typeof en>;
