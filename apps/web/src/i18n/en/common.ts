/** common: English, the spec's texts word for word. */
export const common = {
  'common.retry': 'Retry',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.back': 'Back',
  'common.loading': 'Loading...',
} as const;
