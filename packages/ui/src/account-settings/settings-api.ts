import type { ApiClient, ChangeEmail, ChangePassword, ChangePasswordResponse, ProfileUpdate, User } from '@school/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../session';

export function updateProfile(client: ApiClient, body: ProfileUpdate): Promise<User> {
  return client.call('profileUpdate', { body }).then((r) => r.user);
}

export function useUpdateProfile() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ProfileUpdate) => updateProfile(client, body) });
}

/** The answer carries a new token pair; the client keeps the access token by itself. */
export function changePassword(client: ApiClient, body: ChangePassword): Promise<ChangePasswordResponse> {
  return client.call('changePassword', { body });
}

export function useChangePassword() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ChangePassword) => changePassword(client, body) });
}

export function changeEmail(client: ApiClient, body: ChangeEmail): Promise<User> {
  return client.call('changeEmail', { body }).then((r) => r.user);
}

export function useChangeEmail() {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: ChangeEmail) => changeEmail(client, body) });
}
