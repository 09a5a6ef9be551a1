import { type ChangeEmail, ChangeEmailSchema } from '@school/contracts';
import { useSession } from '../session';
import { useChangeEmail } from './settings-api';
import { EMAIL_CHANGED_ALERT } from './settings-messages';
import { type SettingsField, SettingsForm } from './settings-form';

const FIELDS: SettingsField<ChangeEmail>[] = [
  { name: 'current_email', label: 'Current email', type: 'email', autoComplete: 'email' },
  { name: 'current_password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  { name: 'new_email', label: 'New email', type: 'email', autoComplete: 'off' },
];

/** Current email, password and new email; success updates the user, alerts and reloads. */
export function ChangeEmailForm({ reload }: { reload: () => void }) {
  const { setUser } = useSession();
  const change = useChangeEmail();
  return (
    <SettingsForm
      id="change-email"
      title="Change email"
      schema={ChangeEmailSchema}
      fields={FIELDS}
      what="Email change"
      save={async (values) => {
        const user = await change.mutateAsync(values);
        setUser(user);
        window.alert(EMAIL_CHANGED_ALERT);
        reload();
      }}
    />
  );
}
