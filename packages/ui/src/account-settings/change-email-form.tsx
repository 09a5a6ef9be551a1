import { type ChangeEmail, ChangeEmailSchema, emailChangePendingMessage } from '@school/contracts';
import { useChangeEmail, usePendingEmailChange } from './settings-api';
import { type SettingsField, SettingsForm } from './settings-form';

const FIELDS: SettingsField<ChangeEmail>[] = [
  { name: 'current_email', label: 'Current email', type: 'email', autoComplete: 'email' },
  { name: 'current_password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  { name: 'new_email', label: 'New email', type: 'email', autoComplete: 'off' },
];

/**
 * Current email, password and new email. The new address takes effect once its owner follows the
 * link mailed to it (the confirmation page alerts 'Email changed successfully!'); until then the
 * form shows the address waiting for it.
 */
export function ChangeEmailForm() {
  const change = useChangeEmail();
  const pending = usePendingEmailChange();
  return (
    <SettingsForm
      id="change-email"
      title="Change email"
      schema={ChangeEmailSchema}
      fields={FIELDS}
      what="Email change"
      notice={
        pending.data?.pending_email && (
          <output className="ui-settings__pending">{emailChangePendingMessage(pending.data.pending_email)}</output>
        )
      }
      save={async (values) => {
        await change.mutateAsync(values);
      }}
      resetOnSave
    />
  );
}
