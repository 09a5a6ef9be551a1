import { ANNOUNCEMENT_MAIL_CHOICES, type AnnouncementMailChoice, type NotificationKind, type Role } from '@school/contracts';
import { useState } from 'react';
import { routeQueryKey, useRouteMutation, useRouteQuery } from '../route-query/route-query';

/** The mail switched on or off (announcements are a choice of three, below). */
type SwitchKind = Exclude<NotificationKind, 'announcements'>;

/** The mail each role may turn off, with what it is. */
const CHOICES: Record<SwitchKind, { label: string; hint: string; roles: Role[] }> = {
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

/** Who chooses how announcements reach them by mail, and the words of each choice. */
const ANNOUNCEMENT_ROLES: Role[] = ['STUDENT'];
const ANNOUNCEMENT_LABELS: Record<AnnouncementMailChoice, string> = {
  each: 'Each announcement as it is posted',
  digest: 'One daily digest',
  off: 'No emails (see them in your class)',
};

/** Whether a role has any mail it may turn off (the section is shown only then). */
export const hasNotificationChoices = (role: Role) =>
  ANNOUNCEMENT_ROLES.includes(role) || Object.values(CHOICES).some((c) => c.roles.includes(role));

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
  const kinds = (Object.keys(CHOICES) as SwitchKind[]).filter((k) => CHOICES[k].roles.includes(role));

  const chooseAnnouncements = async (choice: AnnouncementMailChoice) => {
    setStatus('Saving...');
    try {
      await update.mutateAsync({ params, body: { announcements: choice } });
      setStatus(`Announcement emails: ${ANNOUNCEMENT_LABELS[choice].toLowerCase()}`);
    } catch (e) {
      console.error('Notification preferences', e);
      setStatus('Could not save. Please try again.');
    }
  };

  const toggle = async (kind: SwitchKind, on: boolean) => {
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
      {ANNOUNCEMENT_ROLES.includes(role) && (
        <fieldset className="ui-settings__choices" disabled={!preferences.data || update.isPending}>
          <legend className="ui-settings-form__title">Announcements from your classes</legend>
          {ANNOUNCEMENT_MAIL_CHOICES.map((choice) => (
            <div key={choice} className="ui-settings__choice">
              <input
                id={`announcements-${choice}`}
                type="radio"
                name="announcements"
                value={choice}
                checked={(preferences.data?.announcements ?? 'each') === choice}
                onChange={() => void chooseAnnouncements(choice)}
              />
              <label htmlFor={`announcements-${choice}`} className="ui-settings__choice-label">
                {ANNOUNCEMENT_LABELS[choice]}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <output className="ui-settings__muted ui-settings__saved">{status}</output>
      <p className="ui-settings__muted">
        Emails about your account (password reset, email confirmation and security notices) are always sent.
      </p>
    </div>
  );
}
