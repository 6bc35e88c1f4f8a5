import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { LoadingState } from '../components/ui/spinner';
import { AppLayout } from './shell/app-layout';
import { RootLayout } from './shell/root-layout';

// Every screen is its own chunk. Screens not built yet share the placeholder, titled by the route's handle.
function placeholder(path: string, title: string): RouteObject {
  return {
    path,
    handle: { title },
    lazy: async () => ({
      Component: (await import('../features/placeholder/routes/placeholder-page')).PlaceholderPage,
    }),
  };
}

const appRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/home/routes/home-page')).HomePage }),
  },

  {
    path: 'bots',
    lazy: async () => ({ Component: (await import('../features/bots/routes/bot-list-page')).BotListPage }),
  },
  {
    path: 'bot-new',
    lazy: async () => ({
      Component: (await import('../features/bots/routes/create-bot-page')).CreateBotPage,
    }),
  },
  {
    path: 'bots/:botId',
    lazy: async () => ({
      Component: (await import('../features/bots/routes/bot-details-page')).BotDetailsPage,
    }),
  },
  placeholder('bots/:botId/store', 'Store Settings'),
  placeholder('bots/:botId/welcome', 'Welcome Message'),
  placeholder('bots/:botId/filters', 'Filters'),
  placeholder('bots/:botId/token', 'Bot Token'),
  placeholder('bots/:botId/payments', 'Payment Settings'),
  placeholder('bots/:botId/shipping', 'Shipping'),
  placeholder('bots/:botId/webhooks', 'Webhooks'),

  placeholder('products', 'Products'),
  placeholder('product-new', 'Add New Product'),
  placeholder('products/:productId', 'Product Details'),
  placeholder('products/:productId/edit', 'Edit Product'),
  placeholder('categories', 'Categories'),

  placeholder('orders', 'Orders'),
  placeholder('orders/:orderId', 'Order Details'),
  placeholder('customers', 'Customers'),
  placeholder('customers/:customerId', 'Customer Details'),
  placeholder('analytics', 'Analytics'),

  placeholder('support-staff', 'Support Staff'),
  placeholder('staff-management', 'Staff Management'),
  placeholder('staff/new', 'Add New Staff'),
  placeholder('staff/:staffId/permissions', 'Edit Permissions'),
  placeholder('staff/:staffId/activity', 'Activity Log'),

  placeholder('subscriptions', 'Subscriptions'),
  placeholder('subscription-plans', 'Choose Your Plan'),
  placeholder('subscription-plans/:botId', 'Choose Your Plan'),
  placeholder('payments/ltc/:botId/:plan', 'Pay with Litecoin'),
  placeholder('payments/stars/:botId/:plan', 'Pay with Telegram Stars'),
  placeholder('payments/wallet/:botId/:plan', 'Pay from Wallet'),

  placeholder('settings', 'Settings'),
  placeholder('settings/profile', 'Profile'),
  placeholder('settings/security', 'Security'),
  placeholder('settings/notifications', 'Notifications'),
  placeholder('settings/payment', 'Payment Methods'),
  placeholder('settings/invoices', 'Invoices'),
  placeholder('settings/payouts', 'Payout Settings'),
  placeholder('settings/export', 'Export Data'),
  placeholder('settings/api', 'API Access'),
  placeholder('settings/danger', 'Danger Zone'),

  {
    path: '*',
    lazy: async () => ({ Component: (await import('./shell/not-found-page')).NotFoundPage }),
  },
];

const signInRoute = {
  lazy: async () => ({ Component: (await import('../features/auth/routes/sign-in-page')).SignInPage }),
} satisfies RouteObject;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { path: 'auth', ...signInRoute },
      { path: 'auth/login', ...signInRoute },
      { element: <AppLayout />, children: appRoutes },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
