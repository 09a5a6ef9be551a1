import { type ChangeEmail, ChangeEmailSchema, emailChangePendingMessage } from '@school/contracts';
import { routeKey, useRouteMutation, useRouteQuery } from '../route-query/route-query';
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
  // Asking for the change: the answer names the address that must confirm it, now the pending change.
  const change = useRouteMutation('changeEmail', { invalidates: () => [routeKey('emailChangePending')] });
  const pending = useRouteQuery('emailChangePending', {});
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
        await change.mutateAsync({ body: values });
      }}
      resetOnSave
    />
  );
}
