import type { launch as en } from '../en/launch';
import type { AreaCatalogue } from '../messages';

/** launch: what every Mini App of ours shows while it opens (see en/launch.ts). */
export const launch = {
  'shell.connecting': 'Connexion à Telegram...',
  'shell.unableToConnect.title': 'Connexion impossible.',
  'shell.unableToConnect.message': 'Veuillez ouvrir cette application depuis Telegram pour continuer.',
  'shell.unableToConnect.hint':
    "Si vous l'avez ouverte depuis Telegram, fermez-la puis rouvrez-la, ou actualisez cette page.",
  'shell.unableToConnect.refresh': 'Actualiser',
  'shell.demo.badge': 'Démo',
  'shell.demo.badgeTitle': 'Mode démo : connecté en tant que vendeur de démonstration',
  'auth.error.sessionExpired': 'Votre session a expiré. Veuillez vous reconnecter.',
} satisfies AreaCatalogue<typeof en>;
