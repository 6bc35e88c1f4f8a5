import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

function Elsewhere() {
  const { pathname } = useLocation();
  return <p data-testid="elsewhere">{pathname}</p>;
}

/**
 * Renders a screen as the app does: inside a data router (useBlocker needs one) at `path`, with a fresh
 * query cache; any other path renders "elsewhere" with its pathname, so a test sees where the screen went.
 */
export function renderApp(
  screen: ReactNode,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: ['/', url], initialIndex: 1 },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
