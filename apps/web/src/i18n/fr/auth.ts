import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {
  'auth.signIn.title': 'Connexion',
  'auth.signIn.text': 'Utilisez votre compte Telegram pour gérer vos bots, produits et commandes.',
  'auth.signIn.button': 'Se connecter avec Telegram',
  'auth.error.noTelegramUser': "Aucune donnée d'utilisateur Telegram disponible",
  'auth.error.authRequired': 'Authentification requise. Veuillez vous connecter pour continuer.',
  'auth.error.refused':
    "La connexion Telegram a été refusée. Veuillez rouvrir l'application depuis Telegram.",
  'auth.error.failed': 'La connexion a échoué. Veuillez réessayer.',
} satisfies AreaCatalogue<typeof en>;
