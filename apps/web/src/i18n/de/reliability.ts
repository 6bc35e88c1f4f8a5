import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Litecoin-Zahlungen sind gerade nicht verfügbar.',
} satisfies AreaCatalogue<typeof en>;
