import type {
  ApiClient,
  ChangeEmail,
  ChangeEmailResponse,
  ChangePassword,
  ChangePasswordResponse,
  EmailChangePending,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  ProfileUpdate,
  User,
} from '@school/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Asks for the change: the answer names the address that must confirm it. */
export function changeEmail(client: ApiClient, body: ChangeEmail): Promise<ChangeEmailResponse> {
  return client.call('changeEmail', { body });
}

const PENDING_EMAIL_KEY = ['emailChangePending'];

export function useChangeEmail() {
  const { client } = useSession();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => changeEmail(client, body),
    onSuccess: () => queries.invalidateQueries({ queryKey: PENDING_EMAIL_KEY }),
  });
}

/** The change waiting for its confirmation from the new address, if any. */
export function usePendingEmailChange() {
  const { client } = useSession();
  return useQuery<EmailChangePending>({ queryKey: PENDING_EMAIL_KEY, queryFn: () => client.call('emailChangePending') });
}

const preferencesKey = (userIdSlug: string) => ['notificationPreferences', userIdSlug];

/** The signed-in user's choices of the mail that may be turned off. */
export function useNotificationPreferences(userIdSlug: string) {
  const { client } = useSession();
  return useQuery<NotificationPreferences>({
    queryKey: preferencesKey(userIdSlug),
    queryFn: () => client.call('notificationPreferences', { params: { userIdSlug } }).then((r) => r.preferences),
  });
}

export function useUpdateNotificationPreferences(userIdSlug: string) {
  const { client } = useSession();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesUpdate) =>
      client.call('notificationPreferencesUpdate', { params: { userIdSlug }, body }).then((r) => r.preferences),
    onSuccess: (preferences) => queries.setQueryData(preferencesKey(userIdSlug), preferences),
  });
}
