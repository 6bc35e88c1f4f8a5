import type { Language } from '@app/contracts/common';

type InviteText = { text: (store: string, name: string) => string; button: string };

/** What the platform bot tells a person added to a team, in the account's language (the owner's profile). */
export const INVITE_MESSAGES: Record<Language, InviteText> = {
  en: {
    text: (store, name) => `${name}, you have been added to the team of ${store}. Open the app to join.`,
    button: 'Join the team',
  },
  es: {
    text: (store, name) => `${name}, te han añadido al equipo de ${store}. Abre la app para unirte.`,
    button: 'Unirme al equipo',
  },
  fr: {
    text: (store, name) =>
      `${name}, vous avez été ajouté à l’équipe de ${store}. Ouvrez l’app pour la rejoindre.`,
    button: 'Rejoindre l’équipe',
  },
  de: {
    text: (store, name) =>
      `${name}, du wurdest zum Team von ${store} hinzugefügt. Öffne die App, um beizutreten.`,
    button: 'Dem Team beitreten',
  },
  ru: {
    text: (store, name) =>
      `${name}, вас добавили в команду ${store}. Откройте приложение, чтобы присоединиться.`,
    button: 'Присоединиться',
  },
  zh: {
    text: (store, name) => `${name}，你已被加入 ${store} 的团队。打开应用即可加入。`,
    button: '加入团队',
  },
};
