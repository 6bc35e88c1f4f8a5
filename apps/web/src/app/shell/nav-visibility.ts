// Spec part 1 §2: on these paths the bottom navigation gives way to the back button.
const BACK_BUTTON_PATH_PARTS = [
  '/bots/',
  '/products/',
  '/product-new',
  '/bot-new',
  '/orders/',
  '/support-staff/',
];

/** True where the screen is a step down from a tab: no bottom navigation, Telegram's back button instead. */
export function isBottomNavHidden(pathname: string): boolean {
  return BACK_BUTTON_PATH_PARTS.some((part) => pathname.includes(part));
}
