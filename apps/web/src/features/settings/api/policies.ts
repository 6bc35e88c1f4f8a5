import type { Faq, FaqBody, FaqList, Policy, PolicyId, PolicyList } from '@app/contracts/policies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

// The store's policies and FAQs: the vendor's, for all their bots (spec part 2 §7.3).

export const policiesKeys = {
  policies: () => [...queryRoots.policies, 'policies'] as const,
  faqs: () => [...queryRoots.policies, 'faqs'] as const,
};

export function getPolicies(signal?: AbortSignal): Promise<PolicyList> {
  return api.get<PolicyList>(vendorPath('/policies'), { signal });
}

export function usePolicies() {
  return useQuery(
    queryOptions({ queryKey: policiesKeys.policies(), queryFn: ({ signal }) => getPolicies(signal) }),
  );
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: PolicyId; content: string }) =>
      api.put<Policy>(vendorPath(`/policies/${id}`), { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.policies() }),
  });
}

export function getFaqs(signal?: AbortSignal): Promise<FaqList> {
  return api.get<FaqList>(vendorPath('/faqs'), { signal });
}

export function useFaqs() {
  return useQuery(queryOptions({ queryKey: policiesKeys.faqs(), queryFn: ({ signal }) => getFaqs(signal) }));
}

export function useAddFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FaqBody) => api.post<Faq>(vendorPath('/faqs'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.faqs() }),
  });
}

export function useRemoveFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faqId: string) => api.delete<null>(vendorPath(`/faqs/${encodeURIComponent(faqId)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKeys.faqs() }),
  });
}
