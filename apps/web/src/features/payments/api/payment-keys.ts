export const paymentKeys = {
  all: ['payments'] as const,
  subscriptions: () => [...paymentKeys.all, 'subscriptions'] as const,
  prices: () => [...paymentKeys.all, 'prices'] as const,
  payment: (id: string) => [...paymentKeys.all, 'payment', id] as const,
  balance: () => [...paymentKeys.all, 'wallet-balance'] as const,
  invoices: () => [...paymentKeys.all, 'invoices'] as const,
};

/** Bot cards and Home's figures show subscriptions too; features do not import each other, so named here. */
export const BOTS_KEY_PREFIX = ['bots'] as const;
export const DASHBOARD_KEY_PREFIX = ['dashboard'] as const;
