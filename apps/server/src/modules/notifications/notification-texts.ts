import type { Language } from '@app/contracts/common';
import { defineTexts } from '../../lib/telegram/define-texts';

/**
 * What the platform bot tells a vendor, in the vendor's profile language. Telegram messages have no client to
 * word them, so they are worded here, one object per language with the same keys. `{name}` marks a parameter.
 */
export const VENDOR_TEXTS = defineTexts({
  en: {
    customerRefundStars:
      '↩️ Order #{number} was cancelled by its customer in time: its {stars} Stars went back to them through @{botUsername}.',
    customerRefundToReturn:
      '↩️ Order #{number} was cancelled by its customer in time and is marked refunded: return {amount} to them the way they paid.',
    orderPaid: '💰 New paid order #{number}: {amount} via @{botUsername}',
    deliveryFailed:
      '❗ What order #{number} owes its customer could not be sent through @{botUsername}: Telegram kept refusing it for two hours. Send it to them yourself.',
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
    supportMessage: '💬 {customerName} wrote to @{botUsername}:\n\n{text}',
    supportOpened: '💬 {customerName} opened a conversation with @{botUsername}.',
    supportUnanswered: '⏰ {customerName} has waited {minutes} minutes for a first answer on @{botUsername}.',
    reply: 'Reply',
    openBot: 'Open bot',
    orderLimit:
      '@{botUsername} has taken the {limit} orders the FREE plan allows this month. It takes no more orders until next month: upgrade to keep selling.',
    upgrade: 'Upgrade',
    trialEnding: 'The free trial of @{botUsername} ends on {date}. Choose a plan to keep the bot selling.',
    subscriptionEnding:
      'The {plan} subscription of @{botUsername} ends on {date}. Renew it to keep the bot selling.',
    renew: 'Renew',
    securityNewSession:
      '🔐 New sign-in to your account: {device} on {platform}. If this was not you, revoke that session in Settings → Security.',
    securityTwoStepOff:
      '🔐 Two-step confirmation was turned off for your account. If this was not you, turn it on again and revoke your other sessions.',
    securityApiKey: '🔐 A new API key “{name}” was created for your account.',
    securityPayout: '🔐 Your payout details were changed.',
    securityDeletion: '⚠️ Your account is scheduled for deletion on {date}. Sign in before then to cancel it.',
    openSettings: 'Open settings',
    emailSubject: 'Bot Shop: {title}',
    emailFooter:
      'You receive this e-mail because of your notification settings in the Bot Shop back-office. Security e-mails are always sent.',
    feesUnpaid:
      'Your plan fees for {month} ({amount}) could not be paid: {reason} Top up your wallet or choose another payment method.',
    payFees: 'Pay the fees',
    feesReason_insufficient_funds: 'your wallet does not hold enough.',
    feesReason_card_declined: 'your card was declined.',
    feesReason_other: 'the payment did not go through.',
    feesReason_manual: 'your default method is paid by hand.',
    renewalUnpaid:
      '⚠️ The {plan} plan of @{botUsername} ({amount}) could not be renewed: {reason} Top up your wallet or pay another way to keep the bot running.',
    topUpOrPay: 'Top up or pay',
    feesStarsTitle: 'Plan fees {month}',
    feesStarsDescription: 'Plan fees on your shop sales in {month}: {amount} (statement {number}).',
    feesLtcInvoice: '🧾 Your plan fees for {month} ({amount}) are due. Pay them in Litecoin here: {url}',
    renewalStarsTitle: '{plan} plan renewal',
    renewalStarsDescription: 'The {plan} plan of @{botUsername}, renewed from {date}: {amount}.',
    renewalLtcInvoice:
      '🧾 The {plan} plan of @{botUsername} renews on {date} ({amount}). Pay it in Litecoin here: {url}',
  },
  es: {
    customerRefundStars:
      '↩️ El pedido #{number} fue cancelado a tiempo por su cliente: sus {stars} Stars le fueron devueltas a través de @{botUsername}.',
    customerRefundToReturn:
      '↩️ El pedido #{number} fue cancelado a tiempo por su cliente y figura como reembolsado: devuélvele {amount} por el mismo medio con el que pagó.',
    orderPaid: '💰 Nuevo pedido pagado #{number}: {amount} a través de @{botUsername}',
    deliveryFailed:
      '❗ Lo que el pedido #{number} debe a su cliente no se pudo enviar a través de @{botUsername}: Telegram lo rechazó durante dos horas. Envíeselo usted mismo.',
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
    supportMessage: '💬 {customerName} escribió a @{botUsername}:\n\n{text}',
    supportOpened: '💬 {customerName} abrió una conversación con @{botUsername}.',
    supportUnanswered:
      '⏰ {customerName} lleva {minutes} minutos esperando una primera respuesta en @{botUsername}.',
    reply: 'Responder',
    openBot: 'Abrir bot',
    orderLimit:
      '@{botUsername} ha recibido los {limit} pedidos que el plan FREE permite este mes. No aceptará más pedidos hasta el mes que viene: mejora el plan para seguir vendiendo.',
    upgrade: 'Mejorar plan',
    trialEnding:
      'La prueba gratuita de @{botUsername} termina el {date}. Elige un plan para que el bot siga vendiendo.',
    subscriptionEnding:
      'La suscripción {plan} de @{botUsername} termina el {date}. Renuévala para que el bot siga vendiendo.',
    renew: 'Renovar',
    securityNewSession:
      '🔐 Nuevo inicio de sesión en tu cuenta: {device} en {platform}. Si no fuiste tú, revoca esa sesión en Ajustes → Seguridad.',
    securityTwoStepOff:
      '🔐 Se desactivó la confirmación en dos pasos de tu cuenta. Si no fuiste tú, vuelve a activarla y revoca tus otras sesiones.',
    securityApiKey: '🔐 Se creó una nueva clave de API «{name}» para tu cuenta.',
    securityPayout: '🔐 Se cambiaron tus datos de cobro.',
    securityDeletion: '⚠️ Tu cuenta se eliminará el {date}. Inicia sesión antes para cancelarlo.',
    openSettings: 'Abrir ajustes',
    emailSubject: 'Bot Shop: {title}',
    emailFooter:
      'Recibes este correo por tus ajustes de notificaciones en el panel de Bot Shop. Los correos de seguridad se envían siempre.',
    feesUnpaid:
      'No se pudieron pagar las comisiones del plan de {month} ({amount}): {reason} Recarga tu monedero o elige otro método de pago.',
    payFees: 'Pagar las comisiones',
    feesReason_insufficient_funds: 'tu monedero no tiene saldo suficiente.',
    feesReason_card_declined: 'tu tarjeta fue rechazada.',
    feesReason_other: 'el pago no se completó.',
    feesReason_manual: 'tu método predeterminado se paga a mano.',
    renewalUnpaid:
      '⚠️ No se pudo renovar el plan {plan} de @{botUsername} ({amount}): {reason} Recarga tu monedero o paga de otra forma para que el bot siga funcionando.',
    topUpOrPay: 'Recargar o pagar',
    feesStarsTitle: 'Comisiones del plan {month}',
    feesStarsDescription:
      'Comisiones del plan por las ventas de tu tienda en {month}: {amount} (extracto {number}).',
    feesLtcInvoice:
      '🧾 Vencen las comisiones del plan de {month} ({amount}). Págalas en Litecoin aquí: {url}',
    renewalStarsTitle: 'Renovación del plan {plan}',
    renewalStarsDescription: 'El plan {plan} de @{botUsername}, renovado desde el {date}: {amount}.',
    renewalLtcInvoice:
      '🧾 El plan {plan} de @{botUsername} se renueva el {date} ({amount}). Págalo en Litecoin aquí: {url}',
  },
  fr: {
    customerRefundStars:
      '↩️ La commande #{number} a été annulée à temps par son client : ses {stars} Stars lui ont été rendues via @{botUsername}.',
    customerRefundToReturn:
      '↩️ La commande #{number} a été annulée à temps par son client et est marquée remboursée : rendez-lui {amount} par le moyen qu’il a utilisé pour payer.',
    orderPaid: '💰 Nouvelle commande payée #{number} : {amount} via @{botUsername}',
    deliveryFailed:
      '❗ Ce que la commande #{number} doit à son client n’a pas pu être envoyé via @{botUsername} : Telegram l’a refusé pendant deux heures. Envoyez-le-lui vous-même.',
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
    supportMessage: '💬 {customerName} a écrit à @{botUsername} :\n\n{text}',
    supportOpened: '💬 {customerName} a ouvert une conversation avec @{botUsername}.',
    supportUnanswered:
      '⏰ {customerName} attend une première réponse sur @{botUsername} depuis {minutes} minutes.',
    reply: 'Répondre',
    openBot: 'Ouvrir le bot',
    orderLimit:
      '@{botUsername} a reçu les {limit} commandes que la formule FREE permet ce mois-ci. Il n’en prendra plus avant le mois prochain : passez à une formule supérieure pour continuer à vendre.',
    upgrade: 'Changer de formule',
    trialEnding:
      'L’essai gratuit de @{botUsername} se termine le {date}. Choisissez une formule pour que le bot continue de vendre.',
    subscriptionEnding:
      'L’abonnement {plan} de @{botUsername} se termine le {date}. Renouvelez-le pour que le bot continue de vendre.',
    renew: 'Renouveler',
    securityNewSession:
      '🔐 Nouvelle connexion à votre compte : {device} sur {platform}. Si ce n’était pas vous, révoquez cette session dans Paramètres → Sécurité.',
    securityTwoStepOff:
      '🔐 La confirmation en deux étapes a été désactivée pour votre compte. Si ce n’était pas vous, réactivez-la et révoquez vos autres sessions.',
    securityApiKey: '🔐 Une nouvelle clé API « {name} » a été créée pour votre compte.',
    securityPayout: '🔐 Vos coordonnées de versement ont été modifiées.',
    securityDeletion:
      '⚠️ La suppression de votre compte est prévue le {date}. Connectez-vous avant pour l’annuler.',
    openSettings: 'Ouvrir les paramètres',
    emailSubject: 'Bot Shop : {title}',
    emailFooter:
      'Vous recevez cet e-mail selon vos paramètres de notification dans l’espace Bot Shop. Les e-mails de sécurité sont toujours envoyés.',
    feesUnpaid:
      'Les frais du forfait de {month} ({amount}) n’ont pas pu être payés : {reason} Rechargez votre portefeuille ou choisissez un autre moyen de paiement.',
    payFees: 'Payer les frais',
    feesReason_insufficient_funds: 'votre portefeuille n’a pas assez de fonds.',
    feesReason_card_declined: 'votre carte a été refusée.',
    feesReason_other: 'le paiement n’a pas abouti.',
    feesReason_manual: 'votre moyen par défaut se paie à la main.',
    renewalUnpaid:
      '⚠️ Le forfait {plan} de @{botUsername} ({amount}) n’a pas pu être renouvelé : {reason} Rechargez votre portefeuille ou payez autrement pour que le bot continue de fonctionner.',
    topUpOrPay: 'Recharger ou payer',
    feesStarsTitle: 'Frais du forfait {month}',
    feesStarsDescription:
      'Frais du forfait sur les ventes de votre boutique en {month} : {amount} (relevé {number}).',
    feesLtcInvoice:
      '🧾 Les frais du forfait de {month} ({amount}) sont dus. Payez-les en Litecoin ici : {url}',
    renewalStarsTitle: 'Renouvellement {plan}',
    renewalStarsDescription: 'Le forfait {plan} de @{botUsername}, renouvelé à partir du {date} : {amount}.',
    renewalLtcInvoice:
      '🧾 Le forfait {plan} de @{botUsername} se renouvelle le {date} ({amount}). Payez-le en Litecoin ici : {url}',
  },
  de: {
    customerRefundStars:
      '↩️ Bestellung #{number} wurde vom Kunden rechtzeitig storniert: Die {stars} Stars gingen über @{botUsername} an ihn zurück.',
    customerRefundToReturn:
      '↩️ Bestellung #{number} wurde vom Kunden rechtzeitig storniert und ist als erstattet markiert: Erstatte ihm {amount} auf dem Weg, auf dem er bezahlt hat.',
    orderPaid: '💰 Neue bezahlte Bestellung #{number}: {amount} über @{botUsername}',
    deliveryFailed:
      '❗ Was Bestellung #{number} ihrem Kunden schuldet, konnte über @{botUsername} nicht gesendet werden: Telegram hat es zwei Stunden lang abgelehnt. Senden Sie es ihm selbst.',
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
    supportMessage: '💬 {customerName} hat @{botUsername} geschrieben:\n\n{text}',
    supportOpened: '💬 {customerName} hat ein Gespräch mit @{botUsername} begonnen.',
    supportUnanswered:
      '⏰ {customerName} wartet seit {minutes} Minuten auf eine erste Antwort über @{botUsername}.',
    reply: 'Antworten',
    openBot: 'Bot öffnen',
    orderLimit:
      '@{botUsername} hat die {limit} Bestellungen erhalten, die der FREE-Tarif in diesem Monat erlaubt. Bis zum nächsten Monat nimmt er keine Bestellungen mehr an: Wechsle den Tarif, um weiter zu verkaufen.',
    upgrade: 'Tarif wechseln',
    trialEnding:
      'Die kostenlose Testphase von @{botUsername} endet am {date}. Wähle einen Tarif, damit der Bot weiter verkauft.',
    subscriptionEnding:
      'Das {plan}-Abonnement von @{botUsername} endet am {date}. Verlängere es, damit der Bot weiter verkauft.',
    renew: 'Verlängern',
    securityNewSession:
      '🔐 Neue Anmeldung bei deinem Konto: {device} auf {platform}. Falls du das nicht warst, widerrufe die Sitzung unter Einstellungen → Sicherheit.',
    securityTwoStepOff:
      '🔐 Die zweistufige Bestätigung wurde für dein Konto deaktiviert. Falls du das nicht warst, aktiviere sie wieder und widerrufe deine anderen Sitzungen.',
    securityApiKey: '🔐 Ein neuer API-Schlüssel „{name}“ wurde für dein Konto erstellt.',
    securityPayout: '🔐 Deine Auszahlungsdaten wurden geändert.',
    securityDeletion: '⚠️ Dein Konto wird am {date} gelöscht. Melde dich vorher an, um das abzubrechen.',
    openSettings: 'Einstellungen öffnen',
    emailSubject: 'Bot Shop: {title}',
    emailFooter:
      'Du erhältst diese E-Mail wegen deiner Benachrichtigungseinstellungen im Bot-Shop-Backoffice. Sicherheits-E-Mails werden immer gesendet.',
    feesUnpaid:
      'Die Tarifgebühren für {month} ({amount}) konnten nicht bezahlt werden: {reason} Lade dein Guthaben auf oder wähle eine andere Zahlungsmethode.',
    payFees: 'Gebühren bezahlen',
    feesReason_insufficient_funds: 'dein Guthaben reicht nicht aus.',
    feesReason_card_declined: 'deine Karte wurde abgelehnt.',
    feesReason_other: 'die Zahlung ist nicht durchgegangen.',
    feesReason_manual: 'deine Standardmethode wird von Hand bezahlt.',
    renewalUnpaid:
      '⚠️ Der Tarif {plan} von @{botUsername} ({amount}) konnte nicht verlängert werden: {reason} Lade dein Guthaben auf oder bezahle anders, damit der Bot weiterläuft.',
    topUpOrPay: 'Aufladen oder bezahlen',
    feesStarsTitle: 'Tarifgebühren {month}',
    feesStarsDescription:
      'Tarifgebühren auf die Verkäufe deines Shops im {month}: {amount} (Abrechnung {number}).',
    feesLtcInvoice:
      '🧾 Deine Tarifgebühren für {month} ({amount}) sind fällig. Bezahle sie hier in Litecoin: {url}',
    renewalStarsTitle: 'Verlängerung {plan}',
    renewalStarsDescription: 'Der Tarif {plan} von @{botUsername}, verlängert ab {date}: {amount}.',
    renewalLtcInvoice:
      '🧾 Der Tarif {plan} von @{botUsername} verlängert sich am {date} ({amount}). Bezahle ihn hier in Litecoin: {url}',
  },
  ru: {
    customerRefundStars:
      '↩️ Заказ #{number} вовремя отменён покупателем: его {stars} Stars возвращены ему через @{botUsername}.',
    customerRefundToReturn:
      '↩️ Заказ #{number} вовремя отменён покупателем и отмечен как возвращённый: верните ему {amount} тем же способом, которым он платил.',
    orderPaid: '💰 Новый оплаченный заказ #{number}: {amount} через @{botUsername}',
    deliveryFailed:
      '❗ То, что заказ #{number} должен покупателю, не удалось отправить через @{botUsername}: Telegram отказывал в течение двух часов. Отправьте это покупателю сами.',
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
    supportMessage: '💬 {customerName} написал(а) @{botUsername}:\n\n{text}',
    supportOpened: '💬 {customerName} начал(а) разговор с @{botUsername}.',
    supportUnanswered: '⏰ {customerName} уже {minutes} минут ждёт первого ответа в @{botUsername}.',
    reply: 'Ответить',
    openBot: 'Открыть бота',
    orderLimit:
      '@{botUsername} принял {limit} заказов — столько, сколько тариф FREE разрешает в этом месяце. До следующего месяца новые заказы не принимаются: смените тариф, чтобы продолжить продажи.',
    upgrade: 'Сменить тариф',
    trialEnding:
      'Бесплатный пробный период @{botUsername} заканчивается {date}. Выберите тариф, чтобы бот продолжал продавать.',
    subscriptionEnding:
      'Подписка {plan} для @{botUsername} заканчивается {date}. Продлите её, чтобы бот продолжал продавать.',
    renew: 'Продлить',
    securityNewSession:
      '🔐 Новый вход в ваш аккаунт: {device} на {platform}. Если это были не вы, завершите этот сеанс в Настройки → Безопасность.',
    securityTwoStepOff:
      '🔐 Для вашего аккаунта отключено двухэтапное подтверждение. Если это были не вы, включите его снова и завершите другие сеансы.',
    securityApiKey: '🔐 Для вашего аккаунта создан новый API-ключ «{name}».',
    securityPayout: '🔐 Ваши реквизиты для выплат изменены.',
    securityDeletion: '⚠️ Ваш аккаунт будет удалён {date}. Войдите до этой даты, чтобы отменить удаление.',
    openSettings: 'Открыть настройки',
    emailSubject: 'Bot Shop: {title}',
    emailFooter:
      'Вы получили это письмо согласно настройкам уведомлений в панели Bot Shop. Письма о безопасности отправляются всегда.',
    feesUnpaid:
      'Не удалось оплатить комиссии тарифа за {month} ({amount}): {reason} Пополните кошелёк или выберите другой способ оплаты.',
    payFees: 'Оплатить комиссии',
    feesReason_insufficient_funds: 'на кошельке недостаточно средств.',
    feesReason_card_declined: 'карта отклонена.',
    feesReason_other: 'платёж не прошёл.',
    feesReason_manual: 'основной способ оплачивается вручную.',
    renewalUnpaid:
      '⚠️ Не удалось продлить тариф {plan} для @{botUsername} ({amount}): {reason} Пополните кошелёк или оплатите другим способом, чтобы бот продолжал работать.',
    topUpOrPay: 'Пополнить или оплатить',
    feesStarsTitle: 'Комиссии тарифа за {month}',
    feesStarsDescription: 'Комиссии тарифа с продаж вашего магазина за {month}: {amount} (выписка {number}).',
    feesLtcInvoice:
      '🧾 Пора оплатить комиссии тарифа за {month} ({amount}). Оплатите их в Litecoin здесь: {url}',
    renewalStarsTitle: 'Продление тарифа {plan}',
    renewalStarsDescription: 'Тариф {plan} для @{botUsername}, продление с {date}: {amount}.',
    renewalLtcInvoice:
      '🧾 Тариф {plan} для @{botUsername} продлевается {date} ({amount}). Оплатите его в Litecoin здесь: {url}',
  },
  zh: {
    customerRefundStars:
      '↩️ 订单 #{number} 已由顾客按时取消：其 {stars} Stars 已通过 @{botUsername} 退还给顾客。',
    customerRefundToReturn:
      '↩️ 订单 #{number} 已由顾客按时取消并标记为已退款：请按顾客的付款方式退还 {amount}。',
    orderPaid: '💰 新的已付款订单 #{number}：{amount}，来自 @{botUsername}',
    deliveryFailed:
      '❗ 订单 #{number} 应交付给顾客的内容无法通过 @{botUsername} 发送：Telegram 连续两小时拒绝。请您亲自发送给顾客。',
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
    supportMessage: '💬 {customerName} 给 @{botUsername} 发了消息：\n\n{text}',
    supportOpened: '💬 {customerName} 与 @{botUsername} 开始了对话。',
    supportUnanswered: '⏰ {customerName} 已在 @{botUsername} 等待首次回复 {minutes} 分钟。',
    reply: '回复',
    openBot: '打开机器人',
    orderLimit:
      '@{botUsername} 本月已收到 FREE 套餐允许的 {limit} 个订单，下个月之前不再接受新订单。升级套餐即可继续销售。',
    upgrade: '升级套餐',
    trialEnding: '@{botUsername} 的免费试用将于 {date} 结束。请选择套餐，让机器人继续销售。',
    subscriptionEnding: '@{botUsername} 的 {plan} 订阅将于 {date} 结束。请续订，让机器人继续销售。',
    renew: '续订',
    securityNewSession:
      '🔐 您的账户有新的登录：{platform} 上的 {device}。如果不是您本人，请在 设置 → 安全 中撤销该会话。',
    securityTwoStepOff: '🔐 您的账户已关闭两步确认。如果不是您本人，请重新开启并撤销其他会话。',
    securityApiKey: '🔐 您的账户创建了新的 API 密钥“{name}”。',
    securityPayout: '🔐 您的收款信息已更改。',
    securityDeletion: '⚠️ 您的账户计划于 {date} 删除。在此之前登录即可取消。',
    openSettings: '打开设置',
    emailSubject: 'Bot Shop：{title}',
    emailFooter: '您收到此邮件是因为您在 Bot Shop 后台的通知设置。安全邮件始终会发送。',
    feesUnpaid: '{month} 的套餐费用（{amount}）未能支付：{reason}请为钱包充值或选择其他支付方式。',
    payFees: '支付费用',
    feesReason_insufficient_funds: '钱包余额不足。',
    feesReason_card_declined: '银行卡被拒绝。',
    feesReason_other: '付款未成功。',
    feesReason_manual: '默认方式需要手动支付。',
    renewalUnpaid:
      '⚠️ @{botUsername} 的 {plan} 套餐（{amount}）未能续订：{reason}请为钱包充值或用其他方式支付，让机器人继续运行。',
    topUpOrPay: '充值或支付',
    feesStarsTitle: '{month} 套餐费用',
    feesStarsDescription: '{month} 店铺销售的套餐费用：{amount}（账单 {number}）。',
    feesLtcInvoice: '🧾 {month} 的套餐费用（{amount}）已到期。请在此用莱特币支付：{url}',
    renewalStarsTitle: '{plan} 套餐续订',
    renewalStarsDescription: '@{botUsername} 的 {plan} 套餐，自 {date} 起续订：{amount}。',
    renewalLtcInvoice:
      '🧾 @{botUsername} 的 {plan} 套餐将于 {date} 续订（{amount}）。请在此用莱特币支付：{url}',
  },
});

/** What a shop bot tells its customer about their order, in the bot's language. */
export const CUSTOMER_TEXTS = defineTexts({
  en: {
    orderShipped: '📦 Your order #{number} has been shipped.',
    trackingNumber: 'Tracking number: {trackingNumber}',
    trackingLink: 'Track it with {carrier}: {url}',
    orderDelivered: '✅ Your order #{number} has been delivered.',
    orderCompleted: '🎉 Your order #{number} is complete. Thank you for shopping with us!',
    orderCancelled: 'Your order #{number} has been cancelled.',
    reservationExpired:
      'Order #{number} was not paid within 15 minutes, so it was cancelled and its items went back on sale. Tap below to put them back in your cart and try again.',
    tryAgain: '🛒 Try again',
    contactSupport: 'Contact support',
    rateOrder: '⭐ Rate your purchase',
    orderRefunded: '💸 Your payment for order #{number} has been refunded.',
    refundAmount: 'Amount: {amount}',
  },
  es: {
    orderShipped: '📦 Tu pedido #{number} ha sido enviado.',
    trackingNumber: 'Número de seguimiento: {trackingNumber}',
    trackingLink: 'Síguelo con {carrier}: {url}',
    orderDelivered: '✅ Tu pedido #{number} ha sido entregado.',
    orderCompleted: '🎉 Tu pedido #{number} está completado. ¡Gracias por tu compra!',
    orderCancelled: 'Tu pedido #{number} ha sido cancelado.',
    reservationExpired:
      'El pedido #{number} no se pagó en 15 minutos, así que se canceló y sus artículos volvieron a la venta. Toca abajo para volver a ponerlos en tu carrito e intentarlo de nuevo.',
    tryAgain: '🛒 Intentar de nuevo',
    contactSupport: 'Contactar con soporte',
    rateOrder: '⭐ Valorar tu compra',
    orderRefunded: '💸 Se ha reembolsado el pago de tu pedido #{number}.',
    refundAmount: 'Importe: {amount}',
  },
  fr: {
    orderShipped: '📦 Votre commande #{number} a été expédiée.',
    trackingNumber: 'Numéro de suivi : {trackingNumber}',
    trackingLink: 'Suivez-le chez {carrier} : {url}',
    orderDelivered: '✅ Votre commande #{number} a été livrée.',
    orderCompleted: '🎉 Votre commande #{number} est terminée. Merci pour votre achat !',
    orderCancelled: 'Votre commande #{number} a été annulée.',
    reservationExpired:
      'La commande #{number} n’a pas été payée dans les 15 minutes : elle a été annulée et ses articles remis en vente. Touchez ci-dessous pour les remettre dans votre panier et réessayer.',
    tryAgain: '🛒 Réessayer',
    contactSupport: 'Contacter le support',
    rateOrder: '⭐ Noter votre achat',
    orderRefunded: '💸 Le paiement de votre commande #{number} a été remboursé.',
    refundAmount: 'Montant : {amount}',
  },
  de: {
    orderShipped: '📦 Deine Bestellung #{number} wurde versandt.',
    trackingNumber: 'Sendungsnummer: {trackingNumber}',
    trackingLink: 'Sendung bei {carrier} verfolgen: {url}',
    orderDelivered: '✅ Deine Bestellung #{number} wurde zugestellt.',
    orderCompleted: '🎉 Deine Bestellung #{number} ist abgeschlossen. Danke für deinen Einkauf!',
    orderCancelled: 'Deine Bestellung #{number} wurde storniert.',
    reservationExpired:
      'Bestellung #{number} wurde nicht innerhalb von 15 Minuten bezahlt, daher wurde sie storniert und die Artikel sind wieder im Verkauf. Tippe unten, um sie wieder in deinen Warenkorb zu legen und es erneut zu versuchen.',
    tryAgain: '🛒 Erneut versuchen',
    contactSupport: 'Support kontaktieren',
    rateOrder: '⭐ Kauf bewerten',
    orderRefunded: '💸 Die Zahlung für deine Bestellung #{number} wurde erstattet.',
    refundAmount: 'Betrag: {amount}',
  },
  ru: {
    orderShipped: '📦 Ваш заказ #{number} отправлен.',
    trackingNumber: 'Трек-номер: {trackingNumber}',
    trackingLink: 'Отследить в {carrier}: {url}',
    orderDelivered: '✅ Ваш заказ #{number} доставлен.',
    orderCompleted: '🎉 Ваш заказ #{number} выполнен. Спасибо за покупку!',
    orderCancelled: 'Ваш заказ #{number} отменён.',
    reservationExpired:
      'Заказ #{number} не был оплачен в течение 15 минут, поэтому он отменён, а товары снова в продаже. Нажмите ниже, чтобы вернуть их в корзину и попробовать снова.',
    tryAgain: '🛒 Попробовать снова',
    contactSupport: 'Связаться с поддержкой',
    rateOrder: '⭐ Оценить покупку',
    orderRefunded: '💸 Оплата вашего заказа #{number} возвращена.',
    refundAmount: 'Сумма: {amount}',
  },
  zh: {
    orderShipped: '📦 您的订单 #{number} 已发货。',
    trackingNumber: '物流单号：{trackingNumber}',
    trackingLink: '在 {carrier} 查询物流：{url}',
    orderDelivered: '✅ 您的订单 #{number} 已送达。',
    orderCompleted: '🎉 您的订单 #{number} 已完成。感谢您的购买！',
    orderCancelled: '您的订单 #{number} 已取消。',
    reservationExpired:
      '订单 #{number} 未在 15 分钟内付款，已被取消，商品已重新上架。点击下方将它们放回购物车并重试。',
    tryAgain: '🛒 重试',
    contactSupport: '联系客服',
    rateOrder: '⭐ 评价您的购买',
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
