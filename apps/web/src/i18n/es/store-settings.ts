import type { storeSettings as en } from '../en/store-settings';
import type { AreaCatalogue } from '../messages';

/** storeSettings: the back-office screens of the store's policies and FAQs (see en/store-settings.ts). */
export const storeSettings = {
  'store.scope.label': 'Se aplica a',
  'store.scope.allBots': 'Todos los bots',
  'store.policies.botHint':
    'La tienda de este bot responde con su propia versión de cada política; si está vacía, con la de Todos los bots.',
  'store.faqs.botHint':
    'Con preguntas frecuentes propias, la tienda de este bot las muestra; sin ellas, las de Todos los bots.',
  'store.policies.title': 'Políticas',
  'store.policies.hint':
    'Tus clientes las leen en la tienda: /terms y /privacy responden con las condiciones y la política de privacidad, la política de reembolso acompaña cada pedido y la de envíos cada pedido que se envía; todas están en /info y en la Mini App.',
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
} satisfies AreaCatalogue<typeof en>;
