import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client';
import { meKey } from '../lib/query-keys';

// A call refused with 403 means what the caller may do changed (a staff member's seat was narrowed or
// revoked): ask again who they are, so the screens follow at once rather than fail call by call.
const onRefused = (error: unknown) => {
  if (isApiError(error) && error.status === 403) void queryClient.invalidateQueries({ queryKey: meKey() });
};

// Spec part 1 §9: queries are fresh for 60 s and retried once. A 401 never reaches here as such: the API
// client refreshes and retries on its own, and ends the session when it cannot.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onRefused }),
  mutationCache: new MutationCache({ onError: onRefused }),
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
