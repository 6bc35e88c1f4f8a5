import { BotLanguage } from '@app/contracts/bots';
import { defineTexts } from '../../lib/telegram/define-texts';

// A bot whose stored language is no longer offered speaks English.
const StoredLanguage = BotLanguage.catch('en');

/**
 * What a shop's chat shows below the message field: the commands (setMyCommands) and the menu button that opens
 * the shop's Mini App. Starting a bot sets them, so they live with the bot's lifecycle, in the bot's language.
 */
const MENU_TEXTS = defineTexts({
  en: {
    commandStart: 'Open the shop',
    commandCatalogue: 'Browse the catalogue',
    commandHelp: 'How to buy here',
    menuButton: 'Shop',
  },
  es: {
    commandStart: 'Abrir la tienda',
    commandCatalogue: 'Ver el catálogo',
    commandHelp: 'Cómo comprar aquí',
    menuButton: 'Tienda',
  },
  fr: {
    commandStart: 'Ouvrir la boutique',
    commandCatalogue: 'Voir le catalogue',
    commandHelp: 'Comment acheter ici',
    menuButton: 'Boutique',
  },
  de: {
    commandStart: 'Shop öffnen',
    commandCatalogue: 'Katalog ansehen',
    commandHelp: 'So kaufst du hier',
    menuButton: 'Shop',
  },
  ru: {
    commandStart: 'Открыть магазин',
    commandCatalogue: 'Открыть каталог',
    commandHelp: 'Как здесь купить',
    menuButton: 'Магазин',
  },
  zh: {
    commandStart: '打开商店',
    commandCatalogue: '浏览商品',
    commandHelp: '如何购买',
    menuButton: '商店',
  },
});

/**
 * The call that gives an empty chat with the bot its "What can this bot do?" text: the vendor's description of
 * the bot (bot page). An empty one removes it, so a removed description leaves Telegram too.
 */
export function descriptionCall(bot: {
  description: string | null;
}): [method: string, params: Record<string, unknown>] {
  return ['setMyDescription', { description: bot.description ?? '' }];
}

/**
 * The Bot API calls that give a shop's chat its menu, in the bot's language: the commands, and the menu button,
 * which opens the shop's Mini App (its catalogue, `/shop/{botId}`); with the bot's description when given.
 */
export function shopMenuCalls(
  bot: { id: string; language: string; description?: string | null },
  publicUrl: string,
): [method: string, params: Record<string, unknown>][] {
  const texts = MENU_TEXTS[StoredLanguage.parse(bot.language)];
  const description =
    bot.description === undefined ? [] : [descriptionCall({ description: bot.description })];
  return [
    ...description,
    [
      'setMyCommands',
      {
        commands: [
          { command: 'start', description: texts.commandStart },
          { command: 'catalogue', description: texts.commandCatalogue },
          { command: 'help', description: texts.commandHelp },
        ],
      },
    ],
    [
      'setChatMenuButton',
      {
        menu_button: {
          type: 'web_app',
          text: texts.menuButton,
          web_app: { url: `${publicUrl}/shop/${bot.id}` },
        },
      },
    ],
  ];
}
