import type { CampaignButton } from '@app/contracts/campaigns';
import type { Language } from '@app/contracts/common';
import { defineTexts } from '../../lib/telegram/define-texts';

/** The callback data of the "Stop promotions" button; the shop runtime answers it (modules/shop promotions.ts). */
export const STOP_PROMOTIONS_DATA = 'promo:stop';

export const CAMPAIGN_TEXTS = defineTexts({
  en: {
    stop: 'Stop promotions',
    stopped: 'Done: you will get no more promotions from this shop.',
    cartReminder: 'You left something in your cart. It is still waiting for you.',
    cartButton: 'Back to my cart',
  },
  es: {
    stop: 'Dejar de recibir promociones',
    stopped: 'Listo: no recibirás más promociones de esta tienda.',
    cartReminder: 'Dejaste algo en tu carrito. Todavía te espera.',
    cartButton: 'Volver a mi carrito',
  },
  fr: {
    stop: 'Ne plus recevoir de promotions',
    stopped: 'C’est fait : vous ne recevrez plus de promotions de cette boutique.',
    cartReminder: 'Vous avez laissé quelque chose dans votre panier. Il vous attend toujours.',
    cartButton: 'Retour à mon panier',
  },
  de: {
    stop: 'Keine Werbung mehr',
    stopped: 'Erledigt: Sie erhalten keine Werbung mehr von diesem Shop.',
    cartReminder: 'Sie haben etwas in Ihrem Warenkorb gelassen. Es wartet noch auf Sie.',
    cartButton: 'Zurück zum Warenkorb',
  },
  ru: {
    stop: 'Отписаться от рассылки',
    stopped: 'Готово: вы больше не будете получать рассылки этого магазина.',
    cartReminder: 'Вы оставили товары в корзине. Они всё ещё ждут вас.',
    cartButton: 'Вернуться в корзину',
  },
  zh: {
    stop: '停止接收促销',
    stopped: '已完成：您将不再收到本店的促销信息。',
    cartReminder: '您的购物车里还有商品，它们仍在等您。',
    cartButton: '返回我的购物车',
  },
});

type InlineButton =
  | { text: string; callback_data: string }
  | { text: string; url: string }
  | { text: string; web_app: { url: string } };

export type CampaignContent = { text: string; photoUrl: string | null; buttons: CampaignButton[] };

/** One button as Telegram takes it: product and category open in the shop bot's chat, shop opens the Mini App. */
function inlineButton(b: CampaignButton, shopUrl: string): InlineButton {
  switch (b.kind) {
    case 'product':
      return { text: b.text, callback_data: `product:${b.productId}` };
    case 'category':
      return { text: b.text, callback_data: `cat:${b.categoryId}` };
    case 'shop':
      return { text: b.text, web_app: { url: shopUrl } };
    case 'url':
      return { text: b.text, url: b.url };
  }
}

/**
 * The Bot API call that sends a campaign to one chat: sendMessage, or sendPhoto with the text as its caption;
 * the vendor's buttons one a row, then "Stop promotions" (in every campaign message).
 */
export function campaignCall(
  content: CampaignContent,
  chatId: number,
  shop: { botId: string; language: Language; publicUrl: string },
): { method: 'sendMessage' | 'sendPhoto'; params: Record<string, unknown> } {
  const shopUrl = `${shop.publicUrl}/shop/${shop.botId}`;
  const rows: InlineButton[][] = content.buttons.map((b) => [inlineButton(b, shopUrl)]);
  rows.push([{ text: CAMPAIGN_TEXTS[shop.language].stop, callback_data: STOP_PROMOTIONS_DATA }]);
  const reply_markup = { inline_keyboard: rows };
  if (content.photoUrl) {
    return {
      method: 'sendPhoto',
      params: {
        chat_id: chatId,
        photo: content.photoUrl,
        caption: content.text,
        parse_mode: 'HTML',
        reply_markup,
      },
    };
  }
  return {
    method: 'sendMessage',
    params: { chat_id: chatId, text: content.text, parse_mode: 'HTML', reply_markup },
  };
}
