import type { NotificationKind, Role } from '@school/contracts';
import { useState } from 'react';
import { routeQueryKey, useRouteMutation, useRouteQuery } from '../route-query/route-query';

/** The mail each role may turn off, with what it is. */
const CHOICES: Record<NotificationKind, { label: string; hint: string; roles: Role[] }> = {
  deadline_reminders: {
    label: 'Deadline reminders',
    hint: 'An email 24 hours before a required assignment or quiz is due, while you have not submitted it.',
    roles: ['STUDENT'],
  },
  application_digest: {
    label: 'Daily digest of programme applications',
    hint: 'One email a day listing the new programme applications, on days that have any.',
    roles: ['ADMIN'],
  },
};

/** Whether a role has any mail it may turn off (the section is shown only then). */
export const hasNotificationChoices = (role: Role) => Object.values(CHOICES).some((c) => c.roles.includes(role));

/** A switch per kind of mail the user may turn off; each change is saved at once. */
export function NotificationPreferencesForm({ userIdSlug, role }: { userIdSlug: string; role: Role }) {
  const params = { userIdSlug };
  const preferences = useRouteQuery('notificationPreferences', { params }, { select: (r) => r.preferences });
  // The answer is the saved choices: written into the read, which needs no refetch.
  const update = useRouteMutation('notificationPreferencesUpdate', {
    invalidates: () => [],
    onSuccess: (answer, vars, queryClient) =>
      queryClient.setQueryData(routeQueryKey('notificationPreferences', { params: vars.params }), answer),
  });
  const [status, setStatus] = useState<string | null>(null);
  const kinds = (Object.keys(CHOICES) as NotificationKind[]).filter((k) => CHOICES[k].roles.includes(role));

  const toggle = async (kind: NotificationKind, on: boolean) => {
    setStatus('Saving...');
    try {
      await update.mutateAsync({ params, body: { [kind]: on } });
      setStatus(on ? `${CHOICES[kind].label}: on` : `${CHOICES[kind].label}: off`);
    } catch (e) {
      console.error('Notification preferences', e);
      setStatus('Could not save. Please try again.');
    }
  };

  return (
    <div className="ui-settings-form">
      <fieldset className="ui-settings__choices" disabled={!preferences.data || update.isPending}>
        <legend className="ui-settings-form__title">Emails you can turn off</legend>
        {kinds.map((kind) => (
          <div key={kind} className="ui-settings__choice">
            <input
              id={`notify-${kind}`}
              type="checkbox"
              checked={preferences.data?.[kind] ?? true}
              onChange={(e) => void toggle(kind, e.target.checked)}
              aria-describedby={`${kind}-hint`}
            />
            <span>
              <label htmlFor={`notify-${kind}`} className="ui-settings__choice-label">
                {CHOICES[kind].label}
              </label>
              <span id={`${kind}-hint`} className="ui-settings__muted">
                {CHOICES[kind].hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <output className="ui-settings__muted ui-settings__saved">{status}</output>
      <p className="ui-settings__muted">
        Emails about your account (password reset, email confirmation and security notices) are always sent.
      </p>
    </div>
  );
}
