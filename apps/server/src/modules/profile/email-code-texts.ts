import type { Language } from '@app/contracts/common';

/** The e-mail that carries a new address's code, in the profile's language ({code}, {minutes}). */
export const EMAIL_CODE_TEXTS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: 'Bot Shop: your code is {code}',
    body:
      'Your code to confirm this e-mail address for Bot Shop is {code}.\n\n' +
      'Enter it on the Profile screen within {minutes} minutes. Until then no notification is sent to this address.\n\n' +
      'If you did not add this address to a Bot Shop account, ignore this e-mail.',
  },
  es: {
    subject: 'Bot Shop: tu código es {code}',
    body:
      'Tu código para confirmar esta dirección de correo en Bot Shop es {code}.\n\n' +
      'Introdúcelo en la pantalla Perfil en los próximos {minutes} minutos. Hasta entonces no se envía ninguna notificación a esta dirección.\n\n' +
      'Si no añadiste esta dirección a una cuenta de Bot Shop, ignora este correo.',
  },
  fr: {
    subject: 'Bot Shop : votre code est {code}',
    body:
      'Votre code pour confirmer cette adresse e-mail sur Bot Shop est {code}.\n\n' +
      "Saisissez-le dans l'écran Profil d'ici {minutes} minutes. D'ici là, aucune notification n'est envoyée à cette adresse.\n\n" +
      "Si vous n'avez pas ajouté cette adresse à un compte Bot Shop, ignorez cet e-mail.",
  },
  de: {
    subject: 'Bot Shop: Ihr Code lautet {code}',
    body:
      'Ihr Code zur Bestätigung dieser E-Mail-Adresse bei Bot Shop lautet {code}.\n\n' +
      'Geben Sie ihn innerhalb von {minutes} Minuten auf der Profilseite ein. Bis dahin werden keine Benachrichtigungen an diese Adresse gesendet.\n\n' +
      'Wenn Sie diese Adresse keinem Bot-Shop-Konto hinzugefügt haben, ignorieren Sie diese E-Mail.',
  },
  ru: {
    subject: 'Bot Shop: ваш код {code}',
    body:
      'Ваш код для подтверждения этого адреса электронной почты в Bot Shop: {code}.\n\n' +
      'Введите его на экране «Профиль» в течение {minutes} минут. До этого уведомления на этот адрес не отправляются.\n\n' +
      'Если вы не добавляли этот адрес в аккаунт Bot Shop, просто проигнорируйте это письмо.',
  },
  zh: {
    subject: 'Bot Shop：您的验证码是 {code}',
    body:
      '您在 Bot Shop 确认此邮箱地址的验证码是 {code}。\n\n' +
      '请在 {minutes} 分钟内在“个人资料”页面输入。在此之前，不会向此地址发送任何通知。\n\n' +
      '如果您没有将此地址添加到 Bot Shop 账户，请忽略此邮件。',
  },
};
