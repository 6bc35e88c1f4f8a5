import { defineTexts } from '../../../lib/telegram/define-texts';

/** What the shop says when a customer's message meets one of the bot's content filters. */
export const filtersTexts = defineTexts({
  en: {
    filterBlocked: 'Sorry, this message can’t be accepted here. Please rephrase it.',
    filterWarning: 'Please note: your message contains words this shop asks customers to avoid.',
  },
  es: {
    filterBlocked: 'Lo sentimos, este mensaje no se puede aceptar aquí. Por favor, reformúlalo.',
    filterWarning: 'Ten en cuenta que tu mensaje contiene palabras que esta tienda pide evitar.',
  },
  fr: {
    filterBlocked: 'Désolé, ce message ne peut pas être accepté ici. Merci de le reformuler.',
    filterWarning: 'Attention : votre message contient des mots que cette boutique demande d’éviter.',
  },
  de: {
    filterBlocked:
      'Entschuldigung, diese Nachricht können wir hier nicht annehmen. Bitte formuliere sie anders.',
    filterWarning: 'Bitte beachte: Deine Nachricht enthält Wörter, die dieser Shop nicht wünscht.',
  },
  ru: {
    filterBlocked: 'Извините, это сообщение не может быть принято. Пожалуйста, переформулируйте его.',
    filterWarning: 'Обратите внимание: в вашем сообщении есть слова, которых этот магазин просит избегать.',
  },
  zh: {
    filterBlocked: '抱歉，此消息无法被接受。请换一种说法。',
    filterWarning: '请注意：您的消息包含本店希望避免使用的词语。',
  },
});
