/** reliability: English. What the app says when a rail is off or a delivery to a customer is still being retried. */
export const reliability = {
  'payments.error.ltcUnavailable': 'Litecoin payments are not available right now.',
} as const;
