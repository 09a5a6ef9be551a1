import type { EmailVerificationStatus } from '@school/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

const key = (userIdSlug: string) => ['email-verification', userIdSlug];

/** Whether the signed-in account has confirmed its email (classes waiting for it join only then). */
export function useEmailVerification() {
  const { client, user } = useSession();
  return useQuery<EmailVerificationStatus>({
    queryKey: key(user?.id_slug ?? ''),
    queryFn: ({ signal }) => client.call('emailVerificationStatus', { signal }),
    enabled: !!user,
    retry: false,
  });
}

/** Mails a new confirmation link; the answer says where it went. */
export function useResendVerification() {
  const { client, user } = useSession();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => client.call('emailVerificationResend', {}),
    onSuccess: () => queries.invalidateQueries({ queryKey: key(user?.id_slug ?? '') }),
  });
}
