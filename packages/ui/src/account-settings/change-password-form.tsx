import { type ChangePassword, ChangePasswordSchema } from '@school/contracts';
import { useRouteMutation } from '../route-query/route-query';
import { PASSWORD_CHANGED_ALERT } from './settings-messages';
import { type SettingsField, SettingsForm } from './settings-form';

const FIELDS: SettingsField<ChangePassword>[] = [
  { name: 'old_password', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm_new_password', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
];

/** Current, new and confirmed password; success alerts and reloads (the session continues with the new tokens). */
export function ChangePasswordForm({ reload }: { reload: () => void }) {
  // The answer carries a new token pair; the client keeps the access token by itself.
  const change = useRouteMutation('changePassword', { invalidates: () => [] });
  return (
    <SettingsForm
      id="change-password"
      title="Change password"
      schema={ChangePasswordSchema}
      fields={FIELDS}
      what="Password change"
      save={async (values) => {
        await change.mutateAsync({ body: values });
        window.alert(PASSWORD_CHANGED_ALERT);
        reload();
      }}
    />
  );
}
