/** auth: English, the spec's texts word for word. */
export const auth = {
  'auth.signIn.title': 'Sign in',
  'auth.signIn.text': 'Use your Telegram account to manage your bots, products and orders.',
  'auth.signIn.button': 'Sign in with Telegram',
  'auth.error.noTelegramUser': 'No Telegram user data available',
  'auth.error.authRequired': 'Authentication required. Please log in to continue.',
  'auth.error.refused': 'Telegram sign-in was refused. Please reopen the app from Telegram.',
  'auth.error.failed': 'Sign-in failed. Please try again.',
} as const;
