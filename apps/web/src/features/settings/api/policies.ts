import type {
  Faq,
  FaqBody,
  FaqList,
  NewFaqBody,
  Policy,
  PolicyId,
  PolicyList,
} from '@app/contracts/policies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

// The store's policies and FAQs (spec part 2 §7.3): the vendor's, for all their bots (`botId` null), or a bot's
// own, which that bot's shop answers instead.

/** Which policies or FAQs a screen shows: a bot's own, or null for all bots. */
export type PolicyScope = string | null;

export const policiesKeys = {
  policies: (botId: PolicyScope) => [...queryRoots.policies, 'policies', botId ?? 'all'] as const,
  faqs: (botId: PolicyScope) => [...queryRoots.policies, 'faqs', botId ?? 'all'] as const,
};

/** A read's `?botId=` for a bot's own; nothing for the vendor's (a write names its bot in its body). */
const scopeQuery = (botId: PolicyScope) => (botId ? { botId } : undefined);

export function getPolicies(botId: PolicyScope, signal?: AbortSignal): Promise<PolicyList> {
  return api.get<PolicyList>(vendorPath('/policies'), { signal, query: scopeQuery(botId) });
}

export function usePolicies(botId: PolicyScope) {
  return useQuery(
    queryOptions({
      queryKey: policiesKeys.policies(botId),
      queryFn: ({ signal }) => getPolicies(botId, signal),
    }),
  );
}

export function useSavePolicy(botId: PolicyScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: PolicyId; content: string }) =>
      api.put<Policy>(vendorPath(`/policies/${id}`), { content, ...(botId ? { botId } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.policies(botId) }),
  });
}

export function getFaqs(botId: PolicyScope, signal?: AbortSignal): Promise<FaqList> {
  return api.get<FaqList>(vendorPath('/faqs'), { signal, query: scopeQuery(botId) });
}

export function useFaqs(botId: PolicyScope) {
  return useQuery(
    queryOptions({ queryKey: policiesKeys.faqs(botId), queryFn: ({ signal }) => getFaqs(botId, signal) }),
  );
}

export function useAddFaq(botId: PolicyScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FaqBody) =>
      api.post<Faq>(vendorPath('/faqs'), { ...body, ...(botId ? { botId } : {}) } satisfies NewFaqBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.faqs(botId) }),
  });
}

export function useRemoveFaq(botId: PolicyScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faqId: string) => api.delete<null>(vendorPath(`/faqs/${encodeURIComponent(faqId)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.faqs(botId) }),
  });
}
