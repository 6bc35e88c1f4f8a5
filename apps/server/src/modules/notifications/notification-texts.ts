import type { Language } from '@app/contracts/common';
import { defineTexts } from '../../lib/telegram/define-texts';

/**
 * What the platform bot tells a vendor, in the vendor's profile language. Telegram messages have no client to
 * word them, so they are worded here, one object per language with the same keys. `{name}` marks a parameter.
 */
export const VENDOR_TEXTS = defineTexts({
  en: {
    orderPaid: '💰 New paid order #{number}: {amount} via @{botUsername}',
    openOrder: 'Open order',
    markShipped: 'Mark shipped',
    markDelivered: 'Mark delivered',
    markCompleted: 'Mark completed',
    orderMoved: '✅ Order #{number}: {status}',
    statusShipped: 'shipped',
    statusDelivered: 'delivered',
    statusCompleted: 'completed',
    moveRefused: 'You may no longer change this order.',
    moveStale: 'This order has already moved on.',
    stockLow: '⚠️ Running low: {productName} has {stock} left.',
    stockOut: '⛔ Sold out: {productName}. Restock it to keep selling.',
    openProduct: 'Open product',
    messageFlagged:
      '🚩 A message to @{botUsername} was flagged for review (“{word}”).\n\n{customerName}: {text}',
    openCustomer: 'Open customer',
    openBot: 'Open bot',
    orderLimit:
      '@{botUsername} has taken the {limit} orders the FREE plan allows this month. It takes no more orders until next month: upgrade to keep selling.',
    upgrade: 'Upgrade',
    trialEnding: 'The free trial of @{botUsername} ends on {date}. Choose a plan to keep the bot selling.',
    subscriptionEnding:
      'The {plan} subscription of @{botUsername} ends on {date}. Renew it to keep the bot selling.',
    renew: 'Renew',
  },
  es: {
    orderPaid: '💰 Nuevo pedido pagado #{number}: {amount} a través de @{botUsername}',
    openOrder: 'Abrir pedido',
    markShipped: 'Marcar como enviado',
    markDelivered: 'Marcar como entregado',
    markCompleted: 'Marcar como completado',
    orderMoved: '✅ Pedido #{number}: {status}',
    statusShipped: 'enviado',
    statusDelivered: 'entregado',
    statusCompleted: 'completado',
    moveRefused: 'Ya no puedes cambiar este pedido.',
    moveStale: 'Este pedido ya ha avanzado.',
    stockLow: '⚠️ Quedan pocas unidades: a {productName} le quedan {stock}.',
    stockOut: '⛔ Agotado: {productName}. Repón el stock para seguir vendiendo.',
    openProduct: 'Abrir producto',
    messageFlagged:
      '🚩 Un mensaje a @{botUsername} se marcó para revisión («{word}»).\n\n{customerName}: {text}',
    openCustomer: 'Abrir cliente',
    openBot: 'Abrir bot',
    orderLimit:
      '@{botUsername} ha recibido los {limit} pedidos que el plan FREE permite este mes. No aceptará más pedidos hasta el mes que viene: mejora el plan para seguir vendiendo.',
    upgrade: 'Mejorar plan',
    trialEnding:
      'La prueba gratuita de @{botUsername} termina el {date}. Elige un plan para que el bot siga vendiendo.',
    subscriptionEnding:
      'La suscripción {plan} de @{botUsername} termina el {date}. Renuévala para que el bot siga vendiendo.',
    renew: 'Renovar',
  },
  fr: {
    orderPaid: '💰 Nouvelle commande payée #{number} : {amount} via @{botUsername}',
    openOrder: 'Ouvrir la commande',
    markShipped: 'Marquer expédiée',
    markDelivered: 'Marquer livrée',
    markCompleted: 'Marquer terminée',
    orderMoved: '✅ Commande #{number} : {status}',
    statusShipped: 'expédiée',
    statusDelivered: 'livrée',
    statusCompleted: 'terminée',
    moveRefused: 'Vous ne pouvez plus modifier cette commande.',
    moveStale: 'Cette commande a déjà avancé.',
    stockLow: '⚠️ Stock bas : {productName}, plus que {stock} en stock.',
    stockOut: '⛔ Rupture de stock : {productName}. Réapprovisionnez-le pour continuer à vendre.',
    openProduct: 'Ouvrir le produit',
    messageFlagged:
      '🚩 Un message envoyé à @{botUsername} a été signalé pour vérification (« {word} »).\n\n{customerName} : {text}',
    openCustomer: 'Ouvrir le client',
    openBot: 'Ouvrir le bot',
    orderLimit:
      '@{botUsername} a reçu les {limit} commandes que la formule FREE permet ce mois-ci. Il n’en prendra plus avant le mois prochain : passez à une formule supérieure pour continuer à vendre.',
    upgrade: 'Changer de formule',
    trialEnding:
      'L’essai gratuit de @{botUsername} se termine le {date}. Choisissez une formule pour que le bot continue de vendre.',
    subscriptionEnding:
      'L’abonnement {plan} de @{botUsername} se termine le {date}. Renouvelez-le pour que le bot continue de vendre.',
    renew: 'Renouveler',
  },
  de: {
    orderPaid: '💰 Neue bezahlte Bestellung #{number}: {amount} über @{botUsername}',
    openOrder: 'Bestellung öffnen',
    markShipped: 'Als versendet markieren',
    markDelivered: 'Als zugestellt markieren',
    markCompleted: 'Als abgeschlossen markieren',
    orderMoved: '✅ Bestellung #{number}: {status}',
    statusShipped: 'versendet',
    statusDelivered: 'zugestellt',
    statusCompleted: 'abgeschlossen',
    moveRefused: 'Du darfst diese Bestellung nicht mehr ändern.',
    moveStale: 'Diese Bestellung ist bereits weiter.',
    stockLow: '⚠️ Bestand niedrig: {productName} – nur noch {stock} übrig.',
    stockOut: '⛔ Ausverkauft: {productName}. Fülle den Bestand auf, um weiter zu verkaufen.',
    openProduct: 'Produkt öffnen',
    messageFlagged:
      '🚩 Eine Nachricht an @{botUsername} wurde zur Prüfung markiert („{word}“).\n\n{customerName}: {text}',
    openCustomer: 'Kunden öffnen',
    openBot: 'Bot öffnen',
    orderLimit:
      '@{botUsername} hat die {limit} Bestellungen erhalten, die der FREE-Tarif in diesem Monat erlaubt. Bis zum nächsten Monat nimmt er keine Bestellungen mehr an: Wechsle den Tarif, um weiter zu verkaufen.',
    upgrade: 'Tarif wechseln',
    trialEnding:
      'Die kostenlose Testphase von @{botUsername} endet am {date}. Wähle einen Tarif, damit der Bot weiter verkauft.',
    subscriptionEnding:
      'Das {plan}-Abonnement von @{botUsername} endet am {date}. Verlängere es, damit der Bot weiter verkauft.',
    renew: 'Verlängern',
  },
  ru: {
    orderPaid: '💰 Новый оплаченный заказ #{number}: {amount} через @{botUsername}',
    openOrder: 'Открыть заказ',
    markShipped: 'Отметить отправленным',
    markDelivered: 'Отметить доставленным',
    markCompleted: 'Отметить выполненным',
    orderMoved: '✅ Заказ #{number}: {status}',
    statusShipped: 'отправлен',
    statusDelivered: 'доставлен',
    statusCompleted: 'выполнен',
    moveRefused: 'Вы больше не можете изменять этот заказ.',
    moveStale: 'Этот заказ уже продвинулся дальше.',
    stockLow: '⚠️ Заканчивается: {productName} — осталось {stock}.',
    stockOut: '⛔ Нет в наличии: {productName}. Пополните запас, чтобы продолжить продажи.',
    openProduct: 'Открыть товар',
    messageFlagged:
      '🚩 Сообщение в @{botUsername} отмечено для проверки («{word}»).\n\n{customerName}: {text}',
    openCustomer: 'Открыть клиента',
    openBot: 'Открыть бота',
    orderLimit:
      '@{botUsername} принял {limit} заказов — столько, сколько тариф FREE разрешает в этом месяце. До следующего месяца новые заказы не принимаются: смените тариф, чтобы продолжить продажи.',
    upgrade: 'Сменить тариф',
    trialEnding:
      'Бесплатный пробный период @{botUsername} заканчивается {date}. Выберите тариф, чтобы бот продолжал продавать.',
    subscriptionEnding:
      'Подписка {plan} для @{botUsername} заканчивается {date}. Продлите её, чтобы бот продолжал продавать.',
    renew: 'Продлить',
  },
  zh: {
    orderPaid: '💰 新的已付款订单 #{number}：{amount}，来自 @{botUsername}',
    openOrder: '打开订单',
    markShipped: '标记为已发货',
    markDelivered: '标记为已送达',
    markCompleted: '标记为已完成',
    orderMoved: '✅ 订单 #{number}：{status}',
    statusShipped: '已发货',
    statusDelivered: '已送达',
    statusCompleted: '已完成',
    moveRefused: '你已无权更改此订单。',
    moveStale: '此订单状态已变更。',
    stockLow: '⚠️ 库存不足：{productName} 仅剩 {stock} 件。',
    stockOut: '⛔ 已售罄：{productName}。请补货以继续销售。',
    openProduct: '打开商品',
    messageFlagged: '🚩 发给 @{botUsername} 的一条消息已被标记待审核（“{word}”）。\n\n{customerName}：{text}',
    openCustomer: '打开客户',
    openBot: '打开机器人',
    orderLimit:
      '@{botUsername} 本月已收到 FREE 套餐允许的 {limit} 个订单，下个月之前不再接受新订单。升级套餐即可继续销售。',
    upgrade: '升级套餐',
    trialEnding: '@{botUsername} 的免费试用将于 {date} 结束。请选择套餐，让机器人继续销售。',
    subscriptionEnding: '@{botUsername} 的 {plan} 订阅将于 {date} 结束。请续订，让机器人继续销售。',
    renew: '续订',
  },
});

/** What a shop bot tells its customer about their order, in the bot's language. */
export const CUSTOMER_TEXTS = defineTexts({
  en: {
    orderShipped: '📦 Your order #{number} has been shipped.',
    trackingNumber: 'Tracking number: {trackingNumber}',
    orderDelivered: '✅ Your order #{number} has been delivered.',
    orderCompleted: '🎉 Your order #{number} is complete. Thank you for shopping with us!',
    orderCancelled: 'Your order #{number} has been cancelled.',
    orderRefunded: '💸 Your payment for order #{number} has been refunded.',
    refundAmount: 'Amount: {amount}',
  },
  es: {
    orderShipped: '📦 Tu pedido #{number} ha sido enviado.',
    trackingNumber: 'Número de seguimiento: {trackingNumber}',
    orderDelivered: '✅ Tu pedido #{number} ha sido entregado.',
    orderCompleted: '🎉 Tu pedido #{number} está completado. ¡Gracias por tu compra!',
    orderCancelled: 'Tu pedido #{number} ha sido cancelado.',
    orderRefunded: '💸 Se ha reembolsado el pago de tu pedido #{number}.',
    refundAmount: 'Importe: {amount}',
  },
  fr: {
    orderShipped: '📦 Votre commande #{number} a été expédiée.',
    trackingNumber: 'Numéro de suivi : {trackingNumber}',
    orderDelivered: '✅ Votre commande #{number} a été livrée.',
    orderCompleted: '🎉 Votre commande #{number} est terminée. Merci pour votre achat !',
    orderCancelled: 'Votre commande #{number} a été annulée.',
    orderRefunded: '💸 Le paiement de votre commande #{number} a été remboursé.',
    refundAmount: 'Montant : {amount}',
  },
  de: {
    orderShipped: '📦 Deine Bestellung #{number} wurde versandt.',
    trackingNumber: 'Sendungsnummer: {trackingNumber}',
    orderDelivered: '✅ Deine Bestellung #{number} wurde zugestellt.',
    orderCompleted: '🎉 Deine Bestellung #{number} ist abgeschlossen. Danke für deinen Einkauf!',
    orderCancelled: 'Deine Bestellung #{number} wurde storniert.',
    orderRefunded: '💸 Die Zahlung für deine Bestellung #{number} wurde erstattet.',
    refundAmount: 'Betrag: {amount}',
  },
  ru: {
    orderShipped: '📦 Ваш заказ #{number} отправлен.',
    trackingNumber: 'Трек-номер: {trackingNumber}',
    orderDelivered: '✅ Ваш заказ #{number} доставлен.',
    orderCompleted: '🎉 Ваш заказ #{number} выполнен. Спасибо за покупку!',
    orderCancelled: 'Ваш заказ #{number} отменён.',
    orderRefunded: '💸 Оплата вашего заказа #{number} возвращена.',
    refundAmount: 'Сумма: {amount}',
  },
  zh: {
    orderShipped: '📦 您的订单 #{number} 已发货。',
    trackingNumber: '物流单号：{trackingNumber}',
    orderDelivered: '✅ 您的订单 #{number} 已送达。',
    orderCompleted: '🎉 您的订单 #{number} 已完成。感谢您的购买！',
    orderCancelled: '您的订单 #{number} 已取消。',
    orderRefunded: '💸 您订单 #{number} 的付款已退款。',
    refundAmount: '金额：{amount}',
  },
});

export type VendorTextKey = keyof (typeof VENDOR_TEXTS)['en'];
export type CustomerTextKey = keyof (typeof CUSTOMER_TEXTS)['en'];

/** A text with its `{name}` parameters filled in; a parameter not given stays as written. */
export function fillText<K extends string>(
  texts: Record<Language, Record<K, string>>,
  language: Language,
  key: K,
  params: Record<string, string> = {},
): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

export function formatDay(language: Language, iso: string, timeZone: string): string {
  const at = new Date(iso);
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(at);
  } catch {
    // A timezone Intl does not know (a legacy value): the day in UTC.
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}
