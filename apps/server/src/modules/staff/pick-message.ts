import type { Language } from '@app/contracts/common';

type PickText = {
  prompt: (store: string, button: string) => string;
  button: string;
  added: (name: string, url: string) => string;
  addedNoLink: (name: string) => string;
  alreadyAdded: (name: string) => string;
  isOwner: string;
  expired: string;
  refused: string;
  failed: string;
};

/**
 * What the platform bot says around "Pick from Telegram" (Telegram's own user picker, a `request_users`
 * keyboard button), in the account's language (the owner's profile).
 */
export const PICK_MESSAGES: Record<Language, PickText> = {
  en: {
    prompt: (store, button) => `Choose who to add to the team of ${store}: tap “${button}” below.`,
    button: 'Choose a person',
    added: (name, url) =>
      `${name} was added to the team. Send them this invite link if they have not opened it yet: ${url}`,
    addedNoLink: (name) => `${name} was added to the team. Their invite link is in the app.`,
    alreadyAdded: (name) => `${name} is already on your team.`,
    isOwner: 'That is the owner of the account: they need no seat.',
    expired: 'This choice has expired. Open the app and tap “Pick from Telegram” again.',
    refused: 'You can no longer add people to this team.',
    failed: 'The person could not be added. Open the app and try again.',
  },
  es: {
    prompt: (store, button) => `Elige a quién añadir al equipo de ${store}: pulsa «${button}» abajo.`,
    button: 'Elegir a una persona',
    added: (name, url) =>
      `${name} se ha añadido al equipo. Envíale este enlace de invitación si aún no lo ha abierto: ${url}`,
    addedNoLink: (name) => `${name} se ha añadido al equipo. Su enlace de invitación está en la app.`,
    alreadyAdded: (name) => `${name} ya está en tu equipo.`,
    isOwner: 'Es el propietario de la cuenta: no necesita un puesto.',
    expired: 'Esta elección ha caducado. Abre la app y pulsa «Elegir en Telegram» de nuevo.',
    refused: 'Ya no puedes añadir personas a este equipo.',
    failed: 'No se pudo añadir a la persona. Abre la app e inténtalo de nuevo.',
  },
  fr: {
    prompt: (store, button) =>
      `Choisissez qui ajouter à l’équipe de ${store} : touchez « ${button} » ci-dessous.`,
    button: 'Choisir une personne',
    added: (name, url) =>
      `${name} a été ajouté à l’équipe. Envoyez-lui ce lien d’invitation s’il ne l’a pas encore ouvert : ${url}`,
    addedNoLink: (name) => `${name} a été ajouté à l’équipe. Son lien d’invitation est dans l’app.`,
    alreadyAdded: (name) => `${name} fait déjà partie de votre équipe.`,
    isOwner: 'C’est le propriétaire du compte : il n’a pas besoin de place.',
    expired: 'Ce choix a expiré. Ouvrez l’app et touchez à nouveau « Choisir dans Telegram ».',
    refused: 'Vous ne pouvez plus ajouter de personnes à cette équipe.',
    failed: 'La personne n’a pas pu être ajoutée. Ouvrez l’app et réessayez.',
  },
  de: {
    prompt: (store, button) =>
      `Wähle, wen du zum Team von ${store} hinzufügen möchtest: Tippe unten auf „${button}“.`,
    button: 'Person auswählen',
    added: (name, url) =>
      `${name} wurde zum Team hinzugefügt. Schicke ihm diesen Einladungslink, falls er ihn noch nicht geöffnet hat: ${url}`,
    addedNoLink: (name) => `${name} wurde zum Team hinzugefügt. Der Einladungslink ist in der App.`,
    alreadyAdded: (name) => `${name} ist bereits in deinem Team.`,
    isOwner: 'Das ist der Inhaber des Kontos: Er braucht keinen Platz im Team.',
    expired: 'Diese Auswahl ist abgelaufen. Öffne die App und tippe erneut auf „Aus Telegram wählen“.',
    refused: 'Du kannst diesem Team keine Personen mehr hinzufügen.',
    failed: 'Die Person konnte nicht hinzugefügt werden. Öffne die App und versuche es erneut.',
  },
  ru: {
    prompt: (store, button) => `Выберите, кого добавить в команду ${store}: нажмите «${button}» ниже.`,
    button: 'Выбрать человека',
    added: (name, url) =>
      `${name} добавлен(а) в команду. Отправьте эту ссылку-приглашение, если человек ещё не открыл её: ${url}`,
    addedNoLink: (name) => `${name} добавлен(а) в команду. Ссылка-приглашение — в приложении.`,
    alreadyAdded: (name) => `${name} уже в вашей команде.`,
    isOwner: 'Это владелец аккаунта: ему не нужно место в команде.',
    expired: 'Срок выбора истёк. Откройте приложение и снова нажмите «Выбрать в Telegram».',
    refused: 'Вы больше не можете добавлять людей в эту команду.',
    failed: 'Не удалось добавить человека. Откройте приложение и попробуйте ещё раз.',
  },
  zh: {
    prompt: (store, button) => `选择要加入 ${store} 团队的人：点击下方的“${button}”。`,
    button: '选择一个人',
    added: (name, url) => `${name} 已加入团队。如果对方还没有打开邀请链接，请把它发给对方：${url}`,
    addedNoLink: (name) => `${name} 已加入团队。邀请链接在应用中。`,
    alreadyAdded: (name) => `${name} 已在你的团队中。`,
    isOwner: '这是账户的所有者，无需占用团队席位。',
    expired: '此次选择已过期。请打开应用，再次点击“从 Telegram 选择”。',
    refused: '你已无法再向此团队添加成员。',
    failed: '无法添加此人。请打开应用后重试。',
  },
};
