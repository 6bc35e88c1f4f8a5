import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Destacado',
  'store.shop.warrantyFor': '🛡 Garantía: {period}',
  'store.shop.warrantyIncluded': '🛡 Garantía incluida',
  'store.shop.returns': '↩️ Devoluciones: {policy}',
  'store.scope.label': 'Se aplica a',
  'store.scope.allBots': 'Todos los bots',
  'store.policies.botHint':
    'La tienda de este bot responde con su propia versión de cada política; si está vacía, con la de Todos los bots.',
  'store.faqs.botHint':
    'Con preguntas frecuentes propias, la tienda de este bot las muestra; sin ellas, las de Todos los bots.',
  'store.policies.title': 'Políticas',
  'store.policies.hint':
    'Tus clientes las leen en la tienda: /terms y /privacy responden con las condiciones y la política de privacidad, la política de reembolso acompaña cada pedido y la de envíos cada pedido que se envía; todas están en /info y en la Mini App.',
  'store.policies.terms': 'Condiciones del servicio',
  'store.policies.privacy': 'Política de privacidad',
  'store.policies.refunds': 'Política de reembolso',
  'store.policies.shipping': 'Política de envío',
  'store.policies.tooLong': 'Una política admite hasta 5000 caracteres.',
  'store.faqs.title': 'Preguntas frecuentes',
  'store.faqs.none': 'Aún no hay preguntas frecuentes.',
  'store.faqs.new': 'Nueva pregunta',
  'store.faqs.question': 'Pregunta',
  'store.faqs.answer': 'Respuesta',
  'store.faqs.add': 'Añadir pregunta',
  'store.faqs.remove': 'Eliminar',
  'store.faqs.removeConfirm': '¿Eliminar esta pregunta?',
  'store.faqs.questionRequired': 'Escribe la pregunta.',
  'store.faqs.answerRequired': 'Escribe la respuesta.',
  'store.loadFailed': 'No se pudo cargar. Inténtalo de nuevo.',
  'store.hub.policiesHint': 'Condiciones, privacidad, reembolsos, envíos',
  'store.hub.faqsHint': 'Lo que preguntan tus clientes',
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
} satisfies AreaCatalogue<typeof en>;
