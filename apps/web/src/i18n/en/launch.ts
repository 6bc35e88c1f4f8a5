/**
 * launch: English. What every Mini App of ours shows while it opens, the shop's as well as the back-office's:
 * connecting to Telegram, not opened from Telegram, the demo badge, a session that ran out.
 */
export const launch = {
  'shell.connecting': 'Connecting to Telegram...',
  'shell.unableToConnect.title': 'Unable to Connect.',
  'shell.unableToConnect.message': 'Please open this app from Telegram to continue.',
  'shell.unableToConnect.hint':
    'If you opened it from Telegram, close it and open it again, or refresh this page.',
  'shell.unableToConnect.refresh': 'Refresh',
  'shell.demo.badge': 'Demo',
  'shell.demo.badgeTitle': 'Demo mode: signed in as the demo vendor',
  'auth.error.sessionExpired': 'Your session has expired. Please sign in again.',
};
