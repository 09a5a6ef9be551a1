import type { ApiClient, ProfileUpdate, User } from '@school/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateProfile(client: ApiClient, body: ProfileUpdate): Promise<User> {
  return client.call('profileUpdate', { body }).then((r) => r.user);
}

export function useUpdateProfile() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ProfileUpdate) => updateProfile(client, body) });
}
