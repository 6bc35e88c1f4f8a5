/** reliability: English. What the app says when a rail is off or a delivery to a customer is still being retried. */
export const reliability = {
  'payments.error.ltcUnavailable': 'Litecoin payments are not available right now.',
  'activity.order.delivery_delayed.title': 'Delivery delayed on order #{orderNumber}',
  'activity.order.delivery_delayed.description':
    'Telegram did not take the message to the customer; it is being sent again for up to two hours.',
  'activity.order.delivery_failed.title': 'Delivery failed on order #{orderNumber}',
  'activity.order.delivery_failed.description':
    'What the customer paid for could not be sent through Telegram. Send it to them yourself.',
} as const;
