import type {
  RotatedSecret,
  UpdateWebhookBody,
  Webhook,
  WebhookBody,
  WebhookDelivery,
  WebhookList,
  WebhookWithSecret,
} from '@app/contracts/developer';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { developerKeys } from './developer-keys';

const base = (botId: string) => vendorPath(`/bots/${encodeURIComponent(botId)}/webhooks`);
const one = (botId: string, webhookId: string) => `${base(botId)}/${encodeURIComponent(webhookId)}`;

export function useWebhooks(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.webhooks(botId),
      queryFn: ({ signal }) => api.get<WebhookList>(base(botId), { signal }),
      // Deliveries happen in the background: Recent Activity follows them.
      refetchInterval: 5000,
    }),
  );
}

/** Every change to a bot's webhooks refreshes its list. */
function useWebhookMutation<V, R>(botId: string, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: developerKeys.webhooks(botId) }),
  });
}

export const useAddWebhook = (botId: string) =>
  useWebhookMutation(botId, (body: WebhookBody) => api.post<WebhookWithSecret>(base(botId), body));

export const useUpdateWebhook = (botId: string) =>
  useWebhookMutation(botId, ({ id, ...body }: UpdateWebhookBody & { id: string }) =>
    api.patch<Webhook>(one(botId, id), body),
  );

export const useDeleteWebhook = (botId: string) =>
  useWebhookMutation(botId, (id: string) => api.delete<null>(one(botId, id)));

export const useTestWebhook = (botId: string) =>
  useWebhookMutation(botId, (id: string) => api.post<WebhookDelivery>(`${one(botId, id)}/test`, {}));

export const useRotateSecret = (botId: string) =>
  useWebhookMutation(botId, (id: string) => api.post<RotatedSecret>(`${one(botId, id)}/rotate-secret`, {}));

export const useResendDelivery = (botId: string) =>
  useWebhookMutation(botId, (d: { webhookId: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(
      `${one(botId, d.webhookId)}/deliveries/${encodeURIComponent(d.deliveryId)}/resend`,
      {},
    ),
  );
