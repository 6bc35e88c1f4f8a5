/** myAlerts: a staff member's own platform-bot alerts, muted per kind (Settings → Notifications). */
export const myAlerts = {
  'myAlerts.title': 'My alerts',
  'myAlerts.hint':
    'What the platform bot tells you, as a member of this team. Switch a kind off to mute it for yourself; the rest of the team still hears of it.',
  'myAlerts.kind.orders': 'New paid orders',
  'myAlerts.kind.stock': 'Low stock and sold-out products',
  'myAlerts.kind.support': 'Messages flagged for review',
  'myAlerts.kind.plan': 'Plan limits and renewals',
  'myAlerts.none': 'Your permissions come with no alerts.',
  'myAlerts.loadError': 'Could not load your alerts',
  'myAlerts.saveFailed': 'Your alerts were not saved. Try again.',
};
