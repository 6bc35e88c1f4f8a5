import { defineTexts } from '../../../lib/telegram/define-texts';

/** The support conversation in the shop's chat: opening it, files refused, the rating after a close. */
export const supportTexts = defineTexts({
  en: {
    supportOpened:
      'You are now talking to the {shop} team. Write your question here and we will answer in this chat.',
    supportOpenedOrder:
      'You are now talking to the {shop} team about order #{number}. Write your question here and we will answer in this chat.',
    supportContact: 'Contact support',
    supportPaySupport:
      'Need help with a payment? Write what happened here (the order number helps) and the {shop} team will answer in this chat.',
    supportFileTooLarge:
      'This file is too large to pass on (up to 20 MB). Please send a smaller one or describe it in words.',
    supportPhotoUnreadable: 'We could not read this picture. Please send it again, or as a file.',
    supportRatePrompt: 'Your conversation with {shop} is closed. How did we do?',
    supportRated: 'Thank you for your rating!',
    supportRateRefused: 'This conversation cannot be rated (again).',
  },
  es: {
    supportOpened:
      'Ahora hablas con el equipo de {shop}. Escribe tu pregunta aquí y te responderemos en este chat.',
    supportOpenedOrder:
      'Ahora hablas con el equipo de {shop} sobre el pedido #{number}. Escribe tu pregunta aquí y te responderemos en este chat.',
    supportContact: 'Contactar con soporte',
    supportPaySupport:
      '¿Necesitas ayuda con un pago? Cuéntanos aquí qué pasó (el número de pedido ayuda) y el equipo de {shop} te responderá en este chat.',
    supportFileTooLarge:
      'Este archivo es demasiado grande (hasta 20 MB). Envía uno más pequeño o descríbelo con palabras.',
    supportPhotoUnreadable: 'No pudimos leer esta imagen. Envíala de nuevo o como archivo.',
    supportRatePrompt: 'Tu conversación con {shop} está cerrada. ¿Qué tal lo hicimos?',
    supportRated: '¡Gracias por tu valoración!',
    supportRateRefused: 'Esta conversación no se puede valorar (de nuevo).',
  },
  fr: {
    supportOpened:
      "Vous parlez maintenant à l'équipe de {shop}. Écrivez votre question ici, nous répondrons dans ce chat.",
    supportOpenedOrder:
      "Vous parlez maintenant à l'équipe de {shop} au sujet de la commande #{number}. Écrivez votre question ici, nous répondrons dans ce chat.",
    supportContact: 'Contacter le support',
    supportPaySupport:
      "Besoin d'aide pour un paiement ? Écrivez ici ce qui s'est passé (le numéro de commande aide) et l'équipe de {shop} répondra dans ce chat.",
    supportFileTooLarge:
      'Ce fichier est trop volumineux (20 Mo au plus). Envoyez-en un plus petit ou décrivez-le.',
    supportPhotoUnreadable: "Nous n'avons pas pu lire cette image. Renvoyez-la, ou envoyez-la comme fichier.",
    supportRatePrompt: 'Votre conversation avec {shop} est close. Comment était-ce ?',
    supportRated: 'Merci pour votre note !',
    supportRateRefused: 'Cette conversation ne peut pas (plus) être notée.',
  },
  de: {
    supportOpened:
      'Du schreibst jetzt mit dem Team von {shop}. Stell deine Frage hier, wir antworten in diesem Chat.',
    supportOpenedOrder:
      'Du schreibst jetzt mit dem Team von {shop} über Bestellung #{number}. Stell deine Frage hier, wir antworten in diesem Chat.',
    supportContact: 'Support kontaktieren',
    supportPaySupport:
      'Hilfe bei einer Zahlung? Schreib hier, was passiert ist (die Bestellnummer hilft), das Team von {shop} antwortet in diesem Chat.',
    supportFileTooLarge:
      'Diese Datei ist zu groß (höchstens 20 MB). Schick eine kleinere oder beschreib sie in Worten.',
    supportPhotoUnreadable:
      'Wir konnten dieses Bild nicht lesen. Schick es bitte noch einmal oder als Datei.',
    supportRatePrompt: 'Dein Gespräch mit {shop} ist abgeschlossen. Wie waren wir?',
    supportRated: 'Danke für deine Bewertung!',
    supportRateRefused: 'Dieses Gespräch kann nicht (mehr) bewertet werden.',
  },
  ru: {
    supportOpened: 'Вы на связи с командой {shop}. Напишите вопрос здесь — мы ответим в этом чате.',
    supportOpenedOrder:
      'Вы на связи с командой {shop} по заказу #{number}. Напишите вопрос здесь — мы ответим в этом чате.',
    supportContact: 'Связаться с поддержкой',
    supportPaySupport:
      'Нужна помощь с оплатой? Опишите здесь, что случилось (номер заказа поможет), и команда {shop} ответит в этом чате.',
    supportFileTooLarge: 'Файл слишком большой (до 20 МБ). Пришлите файл поменьше или опишите его словами.',
    supportPhotoUnreadable: 'Не удалось прочитать это изображение. Пришлите его ещё раз или как файл.',
    supportRatePrompt: 'Ваш разговор с {shop} завершён. Как мы справились?',
    supportRated: 'Спасибо за оценку!',
    supportRateRefused: 'Этот разговор нельзя оценить (повторно).',
  },
  zh: {
    supportOpened: '您正在与 {shop} 团队对话。请在此写下您的问题，我们会在此聊天中回复。',
    supportOpenedOrder:
      '您正在与 {shop} 团队就订单 #{number} 对话。请在此写下您的问题，我们会在此聊天中回复。',
    supportContact: '联系客服',
    supportPaySupport: '付款遇到问题？请在此说明情况（附上订单号更好），{shop} 团队会在此聊天中回复。',
    supportFileTooLarge: '文件太大（最大 20 MB）。请发送更小的文件或用文字描述。',
    supportPhotoUnreadable: '无法读取这张图片。请重新发送，或以文件形式发送。',
    supportRatePrompt: '您与 {shop} 的对话已结束。您对我们的服务满意吗？',
    supportRated: '感谢您的评分！',
    supportRateRefused: '此对话无法（再次）评分。',
  },
});
