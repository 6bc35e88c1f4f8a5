import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Los pagos con Litecoin no están disponibles en este momento.',
} satisfies AreaCatalogue<typeof en>;
