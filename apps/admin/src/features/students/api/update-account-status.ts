import type { ApiClient } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateAccountStatus(client: ApiClient, userIdSlug: string, isSuspended: boolean) {
  return client.call('adminUpdateUserStatus', { params: { userIdSlug }, body: { is_suspended: isSuspended } });
}

/** Suspends or reinstates an account (not an enrolment): every list showing the student refreshes. */
export function useUpdateAccountStatus() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userIdSlug, isSuspended }: { userIdSlug: string; isSuspended: boolean }) =>
      updateAccountStatus(client, userIdSlug, isSuspended),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
