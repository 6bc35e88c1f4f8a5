import { useQuery } from '@tanstack/react-query';
import { securityQueryOptions } from '../../../lib/security';

/** GET /vendors/{id}/security: two-step, the sessions and the devices bound for Face ID / fingerprint. */
export function useSecurity() {
  return useQuery(securityQueryOptions());
}
