import type { ApiClient, ChangeEmail, User } from '@school/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function changeEmail(client: ApiClient, body: ChangeEmail): Promise<User> {
  return client.call('changeEmail', { body }).then((r) => r.user);
}

export function useChangeEmail() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ChangeEmail) => changeEmail(client, body) });
}
