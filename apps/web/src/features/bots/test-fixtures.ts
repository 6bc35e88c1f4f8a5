import type { Bot, BotDetail, BotListResponse } from '@app/contracts/bots';

/** A running bot on a trial, as the API sends it. */
export function makeBot(patch: Partial<Bot> = {}): Bot {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'test_shop_bot',
    name: 'Test Shop',
    description: 'Hats and scarves',
    maskedToken: '123456789:AAH…abcde',
    isActive: true,
    isVerified: true,
    hasActiveSubscription: true,
    subscription: { plan: 'BASIC', status: 'trial', label: 'TRIAL', expiresAt: '2099-01-08T12:00:00Z' },
    stats: { orders: 3, customers: 2, products: 5, revenue: 4500, currency: 'USD', revenueFormatted: '$45' },
    webhookUrl: null,
    createdAt: '2026-01-01T12:00:00Z',
    updatedAt: '2026-01-01T12:00:00Z',
    ...patch,
  };
}

export function makeBotDetail(patch: Partial<BotDetail> = {}): BotDetail {
  return {
    ...makeBot(),
    category: 'fashion',
    settings: {
      language: 'en',
      currency: 'EUR',
      timezone: 'UTC',
      welcomeMessage: 'Welcome!',
      orderNotifications: true,
      stockAlerts: true,
      customerNotifications: true,
      analyticsEnabled: true,
      maintenanceMode: false,
    },
    integrations: { payments: [], shipping: [], thirdParty: [] },
    ...patch,
  };
}

export function makeBotList(bots: Bot[]): BotListResponse {
  return {
    bots,
    summary: {
      totalBots: bots.length,
      activeBots: bots.filter((bot) => bot.isActive).length,
      totalRevenue: 0,
      totalRevenueFormatted: '$0',
      totalCustomers: 0,
    },
  };
}
