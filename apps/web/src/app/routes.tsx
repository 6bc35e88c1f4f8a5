import { Navigate, type Params, type RouteObject, useParams } from 'react-router';
import { LoadingState } from '../components/ui/spinner';
import { loadScreenTexts } from '../i18n/i18n';
import type { ScreenHandle } from './screens';
import { AppLayout } from './shell/app-layout';
import { RootLayout } from './shell/root-layout';
import { RouteErrorScreen } from './shell/route-error-screen';

// The app's route table: every screen, its chunk, and what the shell needs to know about it (ScreenHandle:
// tab or not, where back leads). screens.test.ts walks it. Every screen is its own chunk.

const tab = { tab: true } satisfies ScreenHandle;
const upTo = (up: string): ScreenHandle => ({ up });

/** A link target the spec uses for a screen that lives elsewhere: replaced, so back skips it. */
function Redirect({ to }: { to: (params: Params) => string }) {
  return <Navigate to={to(useParams())} replace />;
}

function redirect(path: string, to: (params: Params) => string): RouteObject {
  return { path, element: <Redirect to={to} /> };
}

const settingsPage = upTo('/settings');
const staffPage = upTo('/staff-management');
const paymentPage = upTo('/subscriptions');

export const appRoutes: RouteObject[] = [
  {
    index: true,
    handle: tab,
    lazy: async () => ({ Component: (await import('../features/home/routes/home-page')).HomePage }),
  },

  {
    path: 'bots',
    handle: tab,
    lazy: async () => ({ Component: (await import('../features/bots/routes/bot-list-page')).BotListPage }),
  },
  {
    path: 'bot-new',
    handle: upTo('/bots'),
    lazy: async () => ({
      Component: (await import('../features/bots/routes/create-bot-page')).CreateBotPage,
    }),
  },
  {
    path: 'bots/:botId',
    handle: upTo('/bots'),
    lazy: async () => ({
      Component: (await import('../features/bots/routes/bot-details-page')).BotDetailsPage,
    }),
  },
  // Spec part 2 §2.3: per-bot settings are reached from the settings hub, and lead back to it.
  {
    path: 'bots/:botId/store',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/store-page')).StorePage,
    }),
  },
  {
    path: 'bots/:botId/welcome',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/welcome-page')).WelcomePage,
    }),
  },
  {
    path: 'bots/:botId/filters',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/filters-page')).FiltersPage,
    }),
  },
  {
    path: 'bots/:botId/token',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/token-page')).TokenPage,
    }),
  },
  {
    path: 'bots/:botId/payments',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/payments-page')).PaymentsPage,
    }),
  },
  {
    path: 'bots/:botId/shipping',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/shipping-page')).ShippingPage,
    }),
  },
  {
    path: 'bots/:botId/webhooks',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/developer/routes/webhooks-page')).WebhooksPage,
    }),
  },
  {
    path: 'bots/:botId/abandoned-cart',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/campaigns/routes/abandoned-cart-page')).AbandonedCartPage,
    }),
  },
  // The bot's Telegram Stars reconciled to its orders (issue 22): reached from the bot's page.
  {
    path: 'bots/:botId/stars',
    handle: upTo('/bots/:botId'),
    lazy: async () => ({
      Component: (await import('../features/billing/routes/bot-stars-page')).BotStarsPage,
    }),
  },
  // Link targets of spec part 1 §2 whose screens live elsewhere.
  redirect('bots/:botId/products', ({ botId }) => `/products?botId=${encodeURIComponent(botId ?? '')}`),
  redirect('bots/new', () => '/bot-new'),
  redirect('bots/:botId/upgrade', ({ botId }) => `/subscription-plans/${botId}`),
  redirect('bots/:botId/renew', ({ botId }) => `/subscription-plans/${botId}`),

  // The products list keeps its filters (?botId=…) in the address.
  {
    path: 'products',
    handle: tab,
    lazy: async () => ({
      Component: (await import('../features/products/routes/product-list-page')).ProductListPage,
    }),
  },
  {
    path: 'product-new',
    handle: upTo('/products'),
    lazy: async () => ({
      Component: (await import('../features/products/routes/product-new-page')).ProductNewPage,
    }),
  },
  {
    path: 'products/import',
    handle: upTo('/products'),
    lazy: async () => ({
      Component: (await import('../features/products/routes/product-import-page')).ProductImportPage,
    }),
  },
  {
    path: 'products/:productId',
    handle: upTo('/products'),
    lazy: async () => ({
      Component: (await import('../features/products/routes/product-detail-page')).ProductDetailPage,
    }),
  },
  {
    path: 'products/:productId/edit',
    handle: upTo('/products'),
    lazy: async () => ({
      Component: (await import('../features/products/routes/product-edit-page')).ProductEditPage,
    }),
  },
  {
    path: 'categories',
    handle: upTo('/products'),
    lazy: async () => ({
      Component: (await import('../features/categories/routes/categories-page')).CategoriesPage,
    }),
  },

  // Orders and customers keep their filters in the address (?status=…&botId=…&customerId=…).
  {
    path: 'orders',
    handle: tab,
    lazy: async () => ({
      Component: (await import('../features/orders/routes/order-list-page')).OrderListPage,
    }),
  },
  {
    path: 'orders/:orderId',
    handle: upTo('/orders'),
    lazy: async () => ({
      Component: (await import('../features/orders/routes/order-detail-page')).OrderDetailPage,
    }),
  },
  {
    path: 'customers',
    handle: upTo('/'),
    lazy: async () => ({
      Component: (await import('../features/customers/routes/customer-list-page')).CustomerListPage,
    }),
  },
  {
    path: 'customers/:customerId',
    handle: upTo('/customers'),
    lazy: async () => ({
      Component: (await import('../features/customers/routes/customer-detail-page')).CustomerDetailPage,
    }),
  },
  // The chart library (uPlot) comes with this screen's chunk only.
  {
    path: 'analytics',
    handle: upTo('/'),
    lazy: async () => ({
      Component: (await import('../features/analytics/routes/analytics-page')).AnalyticsPage,
    }),
  },

  // The support inbox (issue 20): reached from Home's quick actions and, for support roles, the bottom navigation.
  {
    path: 'support',
    handle: upTo('/'),
    lazy: async () => ({
      Component: (await import('../features/support/routes/support-inbox-page')).SupportInboxPage,
    }),
  },
  {
    path: 'support/:conversationId',
    handle: upTo('/support'),
    lazy: async () => ({
      Component: (await import('../features/support/routes/support-thread-page')).SupportThreadPage,
    }),
  },
  {
    path: 'support-staff',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/staff/routes/support-staff-page')).SupportStaffPage,
    }),
  },
  // Support Staff's add, assign and edit are the team screens' (their own screens are not shown in the spec).
  redirect('support-staff/add', () => '/staff/new'),
  redirect('support-staff/:staffId/assign', (p) => `/staff/${p.staffId ?? ''}/permissions`),
  redirect('support-staff/:staffId/edit', (p) => `/staff/${p.staffId ?? ''}/permissions`),
  {
    path: 'staff-management',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/staff/routes/staff-management-page')).StaffManagementPage,
    }),
  },
  {
    path: 'staff/new',
    handle: staffPage,
    lazy: async () => ({ Component: (await import('../features/staff/routes/add-staff-page')).AddStaffPage }),
  },
  {
    path: 'staff/:staffId/permissions',
    handle: staffPage,
    lazy: async () => ({
      Component: (await import('../features/staff/routes/edit-permissions-page')).EditPermissionsPage,
    }),
  },
  {
    path: 'staff/:staffId/activity',
    handle: staffPage,
    lazy: async () => ({
      Component: (await import('../features/staff/routes/activity-log-page')).ActivityLogPage,
    }),
  },

  {
    path: 'subscriptions',
    handle: upTo('/'),
    lazy: async () => ({
      Component: (await import('../features/payments/routes/subscriptions-page')).SubscriptionsPage,
    }),
  },
  ...['subscription-plans', 'subscription-plans/:botId'].map((path) => ({
    path,
    handle: paymentPage,
    lazy: async () => ({
      Component: (await import('../features/payments/routes/plan-picker-page')).PlanPickerPage,
    }),
  })),
  {
    path: 'payments/ltc/:botId/:plan',
    handle: paymentPage,
    lazy: async () => ({
      Component: (await import('../features/payments/routes/ltc-payment-page')).LtcPaymentPage,
    }),
  },
  {
    path: 'payments/stars/:botId/:plan',
    handle: paymentPage,
    lazy: async () => ({
      Component: (await import('../features/payments/routes/stars-payment-page')).StarsPaymentPage,
    }),
  },
  {
    path: 'payments/wallet/:botId/:plan',
    handle: paymentPage,
    lazy: async () => ({
      Component: (await import('../features/payments/routes/wallet-payment-page')).WalletPaymentPage,
    }),
  },
  {
    path: 'wallet/add-funds',
    handle: paymentPage,
    lazy: async () => ({
      Component: (await import('../features/payments/routes/add-funds-page')).AddFundsPage,
    }),
  },

  {
    path: 'settings',
    handle: tab,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/settings-hub-page')).SettingsHubPage,
    }),
  },
  {
    path: 'settings/profile',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/account/routes/profile-page')).ProfilePage,
    }),
  },
  {
    path: 'settings/security',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/account/routes/security-page')).SecurityPage,
    }),
  },
  {
    path: 'settings/notifications',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/account/routes/notifications-page')).NotificationsPage,
    }),
  },
  {
    path: 'settings/payment',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/billing/routes/payment-methods-page')).PaymentMethodsPage,
    }),
  },
  {
    path: 'settings/invoices',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/billing/routes/invoices-page')).InvoicesPage,
    }),
  },
  {
    path: 'settings/policies',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/policies-page')).PoliciesPage,
    }),
  },
  {
    path: 'settings/faqs',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/faqs-page')).FaqsPage,
    }),
  },
  {
    path: 'settings/payouts',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/billing/routes/payouts-page')).PayoutsPage,
    }),
  },
  {
    path: 'campaigns',
    handle: upTo('/customers'),
    lazy: async () => ({
      Component: (await import('../features/campaigns/routes/campaigns-page')).CampaignsPage,
    }),
  },
  {
    path: 'campaigns/new',
    handle: upTo('/campaigns'),
    lazy: async () => ({
      Component: (await import('../features/campaigns/routes/campaign-compose-page')).CampaignComposePage,
    }),
  },
  {
    path: 'settings/export',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/developer/routes/export-data-page')).ExportDataPage,
    }),
  },
  {
    path: 'settings/api',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/developer/routes/api-access-page')).ApiAccessPage,
    }),
  },
  {
    path: 'settings/danger',
    handle: settingsPage,
    lazy: async () => ({
      Component: (await import('../features/account/routes/danger-page')).DangerPage,
    }),
  },

  {
    path: '*',
    handle: upTo('/'),
    lazy: async () => ({ Component: (await import('./shell/not-found-page')).NotFoundPage }),
  },
];

/**
 * Every screen but Home waits for the texts beyond the first load (one chunk, fetched once: en/features.ts), so
 * a screen never renders before its words. Home's are built into the shell.
 */
function withScreenTexts(route: RouteObject): RouteObject {
  const { lazy } = route;
  if (route.index || typeof lazy !== 'function') return route;
  return { ...route, lazy: async () => (await Promise.all([lazy(), loadScreenTexts()]))[0] };
}

const signInRoute = {
  handle: { bare: true } satisfies ScreenHandle,
  lazy: async () => ({ Component: (await import('../features/auth/routes/sign-in-page')).SignInPage }),
} satisfies RouteObject;

/** Everything the router serves. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingState />,
    // A screen whose chunk fails to load (after a deploy, say) or that throws shows the error screen, not
    // React Router's developer page. Inside the app it keeps the shell (back button) around it.
    errorElement: <RouteErrorScreen />,
    children: [
      { path: 'auth', ...signInRoute },
      { path: 'auth/login', ...signInRoute },
      {
        element: <AppLayout />,
        children: [{ errorElement: <RouteErrorScreen />, children: appRoutes.map(withScreenTexts) }],
      },
    ],
  },
];
