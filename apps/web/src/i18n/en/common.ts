/** common: English, the spec's texts word for word. */
export const common = {
  'common.retry': 'Retry',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.back': 'Back',
  'common.loading': 'Loading...',
  'common.ok': 'OK',
  'common.networkError': 'Network error. Please check your connection and try again.',
  'common.requestFailed': 'Request failed',
} as const;
