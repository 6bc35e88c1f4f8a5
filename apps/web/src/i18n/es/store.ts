import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Destacado',
  'store.shop.faqs': 'Preguntas frecuentes',
  'store.shop.about': 'Sobre nosotros',
  'store.shop.email': 'Correo',
  'store.shop.phone': 'Teléfono',
  'store.shop.website': 'Sitio web',
  'store.shop.address': 'Dirección',
  'store.shop.hours': 'Horario',
  'store.order.tax': 'Impuestos',
  'store.order.taxAdded': 'Impuesto del {rate}% añadido: {amount}',
  'store.order.taxIncluded': 'Impuesto del {rate}% incluido: {amount}',
  'store.policies.terms': 'Condiciones del servicio',
  'store.policies.privacy': 'Política de privacidad',
  'store.policies.refunds': 'Política de reembolso',
  'store.policies.shipping': 'Política de envío',
} satisfies AreaCatalogue<typeof en>;
