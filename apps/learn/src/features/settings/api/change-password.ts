import type { ApiClient, ChangePassword, ChangePasswordResponse } from '@school/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@school/ui';

/** The answer carries a new token pair; the client keeps the access token by itself. */
export function changePassword(client: ApiClient, body: ChangePassword): Promise<ChangePasswordResponse> {
  return client.call('changePassword', { body });
}

export function useChangePassword() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ChangePassword) => changePassword(client, body) });
}
