// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInPage } from '../../features/auth/routes/sign-in-page';
import { markSignedOut } from '../../lib/auth';
import { SessionGate } from './session-gate';

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function openSignedOut(url: string) {
  markSignedOut();
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <SignInPage /> },
      { path: '/auth/login', element: <Where /> },
      { path: '*', element: <SessionGate>{<p>inside</p>}</SessionGate> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the session gate (spec part 1 §8)', () => {
  it("sends a payment page opened without a session to /auth, saying 'Authentication required'", async () => {
    const router = openSignedOut('/payments/ltc/7d3c1e0a-5b2f-4c1d-9e8a-1f2b3c4d5e6f/BASIC');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Authentication required. Please log in to continue.',
    );
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('sends any other screen opened without a session to /auth/login, without that text', async () => {
    openSignedOut('/orders');
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
    expect(screen.queryByText('Authentication required. Please log in to continue.')).toBeNull();
  });
});
