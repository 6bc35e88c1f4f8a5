import { defineTexts } from '../../../lib/telegram/define-texts';

/** What the shop says while a customer rates what they bought (features/reviews.ts). */
export const reviewsTexts = defineTexts({
  en: {
    reviewAsk: 'How would you rate {product}?',
    reviewThanksAskText:
      'Thank you! {stars} for {product}. Would you like to add a few words? Send them now, or tap Skip.',
    reviewSkip: 'Skip',
    reviewSaved: 'Thank you for your review!',
    reviewAllDone: 'Thank you! You have rated everything in this order.',
    reviewExists: 'You have already reviewed this purchase.',
    reviewNotAllowed: 'Only the customer who bought it may review it, once the order is completed.',
  },
  es: {
    reviewAsk: '¿Cómo valorarías {product}?',
    reviewThanksAskText:
      '¡Gracias! {stars} para {product}. ¿Quieres añadir unas palabras? Envíalas ahora o pulsa Omitir.',
    reviewSkip: 'Omitir',
    reviewSaved: '¡Gracias por tu reseña!',
    reviewAllDone: '¡Gracias! Has valorado todo lo de este pedido.',
    reviewExists: 'Ya has valorado esta compra.',
    reviewNotAllowed: 'Solo quien lo compró puede valorarlo, una vez completado el pedido.',
  },
  fr: {
    reviewAsk: 'Quelle note donneriez-vous à {product} ?',
    reviewThanksAskText:
      'Merci ! {stars} pour {product}. Voulez-vous ajouter quelques mots ? Envoyez-les maintenant ou touchez Passer.',
    reviewSkip: 'Passer',
    reviewSaved: 'Merci pour votre avis !',
    reviewAllDone: 'Merci ! Vous avez noté tout ce que contient cette commande.',
    reviewExists: 'Vous avez déjà donné votre avis sur cet achat.',
    reviewNotAllowed: 'Seul le client qui l’a acheté peut le noter, une fois la commande terminée.',
  },
  de: {
    reviewAsk: 'Wie bewertest du {product}?',
    reviewThanksAskText:
      'Danke! {stars} für {product}. Möchtest du ein paar Worte hinzufügen? Schick sie jetzt oder tippe auf Überspringen.',
    reviewSkip: 'Überspringen',
    reviewSaved: 'Danke für deine Bewertung!',
    reviewAllDone: 'Danke! Du hast alles aus dieser Bestellung bewertet.',
    reviewExists: 'Du hast diesen Kauf bereits bewertet.',
    reviewNotAllowed: 'Nur wer es gekauft hat, kann es bewerten – sobald die Bestellung abgeschlossen ist.',
  },
  ru: {
    reviewAsk: 'Как вы оцените {product}?',
    reviewThanksAskText:
      'Спасибо! {stars} для {product}. Хотите добавить пару слов? Отправьте их сейчас или нажмите «Пропустить».',
    reviewSkip: 'Пропустить',
    reviewSaved: 'Спасибо за отзыв!',
    reviewAllDone: 'Спасибо! Вы оценили всё из этого заказа.',
    reviewExists: 'Вы уже оставили отзыв об этой покупке.',
    reviewNotAllowed: 'Оценить товар может только купивший его покупатель после завершения заказа.',
  },
  zh: {
    reviewAsk: '您会给 {product} 打几分？',
    reviewThanksAskText: '谢谢！{product}：{stars}。想补充几句吗？现在发送，或点击“跳过”。',
    reviewSkip: '跳过',
    reviewSaved: '感谢您的评价！',
    reviewAllDone: '谢谢！您已评价了此订单中的所有商品。',
    reviewExists: '您已经评价过这次购买。',
    reviewNotAllowed: '只有购买者在订单完成后才能评价。',
  },
});
