import type { Language } from '@app/contracts/common';

/**
 * What a shop bot says to its customers, in the bot's language (its settings). The vendor writes the welcome
 * message; these are the runtime's own words around it.
 */
const en = {
  shopClosed: 'This shop is closed for now',
  welcomeFallback: 'Welcome to {shop}!',
  browseCatalogue: '🛍 Browse the catalogue',
  openBackOffice: 'Open back-office',
  somethingWentWrong: 'Sorry, something went wrong on our side. Please try again in a moment.',
  commandStart: 'Open the shop',
  commandCatalogue: 'Browse the catalogue',
  commandHelp: 'How to buy here',
};

export type ShopTextKey = keyof typeof en;

const TEXTS: Record<Language, Record<ShopTextKey, string>> = {
  en,
  es: {
    shopClosed: 'Esta tienda está cerrada por ahora',
    welcomeFallback: '¡Bienvenido a {shop}!',
    browseCatalogue: '🛍 Ver el catálogo',
    openBackOffice: 'Abrir el panel',
    somethingWentWrong: 'Lo sentimos, algo salió mal por nuestra parte. Inténtalo de nuevo en un momento.',
    commandStart: 'Abrir la tienda',
    commandCatalogue: 'Ver el catálogo',
    commandHelp: 'Cómo comprar aquí',
  },
  fr: {
    shopClosed: 'Cette boutique est fermée pour le moment',
    welcomeFallback: 'Bienvenue chez {shop} !',
    browseCatalogue: '🛍 Voir le catalogue',
    openBackOffice: 'Ouvrir le back-office',
    somethingWentWrong: 'Désolé, un problème est survenu de notre côté. Réessayez dans un instant.',
    commandStart: 'Ouvrir la boutique',
    commandCatalogue: 'Voir le catalogue',
    commandHelp: 'Comment acheter ici',
  },
  de: {
    shopClosed: 'Dieser Shop ist derzeit geschlossen',
    welcomeFallback: 'Willkommen bei {shop}!',
    browseCatalogue: '🛍 Katalog ansehen',
    openBackOffice: 'Backoffice öffnen',
    somethingWentWrong:
      'Entschuldigung, bei uns ist etwas schiefgelaufen. Bitte versuche es gleich noch einmal.',
    commandStart: 'Shop öffnen',
    commandCatalogue: 'Katalog ansehen',
    commandHelp: 'So kaufst du hier',
  },
  ru: {
    shopClosed: 'Этот магазин сейчас закрыт',
    welcomeFallback: 'Добро пожаловать в {shop}!',
    browseCatalogue: '🛍 Открыть каталог',
    openBackOffice: 'Открыть панель управления',
    somethingWentWrong: 'Извините, у нас что-то пошло не так. Попробуйте ещё раз через минуту.',
    commandStart: 'Открыть магазин',
    commandCatalogue: 'Открыть каталог',
    commandHelp: 'Как здесь купить',
  },
  zh: {
    shopClosed: '本店暂时关闭',
    welcomeFallback: '欢迎光临 {shop}！',
    browseCatalogue: '🛍 浏览商品',
    openBackOffice: '打开后台',
    somethingWentWrong: '抱歉，我们这边出了点问题。请稍后再试。',
    commandStart: '打开商店',
    commandCatalogue: '浏览商品',
    commandHelp: '如何购买',
  },
};

export function shopText(language: Language, key: ShopTextKey, params: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The bot's command menu (setMyCommands), in its language. */
export function shopCommands(language: Language) {
  return [
    { command: 'start', description: shopText(language, 'commandStart') },
    { command: 'catalogue', description: shopText(language, 'commandCatalogue') },
    { command: 'help', description: shopText(language, 'commandHelp') },
  ];
}
