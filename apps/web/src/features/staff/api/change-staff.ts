import type {
  CreateStaffBody,
  CreateStaffResponse,
  PickStaffBody,
  PickStaffResponse,
  StaffInvite,
  StaffMember,
  UpdateStaffBody,
} from '@app/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

const memberPath = (id: string) => vendorPath(`/staff/${encodeURIComponent(id)}`);

/** Every change moves the list, the member and their log (staff.* entries): the team's whole cache goes. */
function useStaffMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export const useAddStaff = () =>
  useStaffMutation((body: CreateStaffBody) => api.post<CreateStaffResponse>(vendorPath('/staff'), body));

/** "Pick from Telegram": the form without the person; the platform bot sends the caller the user picker. */
export const usePickStaff = () =>
  useMutation({
    mutationFn: (body: PickStaffBody) => api.post<PickStaffResponse>(vendorPath('/staff/pick'), body),
  });

export const useUpdateStaff = () =>
  useStaffMutation(({ id, body }: { id: string; body: UpdateStaffBody }) =>
    api.patch<StaffMember>(memberPath(id), body),
  );

export const useRemoveStaff = () => useStaffMutation((id: string) => api.delete<null>(memberPath(id)));

export const useResendInvite = () =>
  useStaffMutation((id: string) => api.post<StaffInvite>(`${memberPath(id)}/invite`));

/** The Activity Report as CSV text (the screen saves it as a file). */
export function fetchActivityCsv(id: string, query: { period: string; type: string }): Promise<string> {
  return api.get<string>(`${memberPath(id)}/activity/export`, { query, responseType: 'text' });
}
