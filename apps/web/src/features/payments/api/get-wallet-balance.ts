import type { WalletBalance } from '@app/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return api.get<WalletBalance>(vendorPath('/payments/wallet/balance'), { signal });
}

export function useWalletBalance() {
  return useQuery({ queryKey: paymentKeys.balance(), queryFn: ({ signal }) => getWalletBalance(signal) });
}
