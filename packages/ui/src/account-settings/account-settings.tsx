import { useState } from 'react';
import { useSession } from '../session';
import { CalendarFeedForm } from './calendar-feed-form';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { hasNotificationChoices, NotificationPreferencesForm } from './notification-preferences-form';
import { PaymentDetailsSection } from './payment-details-section';
import { ProfileForm } from './profile-form';
import './account-settings.css';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'account-settings', label: 'Account Settings' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'payment-details', label: 'Allowance payment details' },
] as const;

/** Reloads the page after a settings change. */
const reloadWindow = () => window.location.reload();

export interface AccountSettingsProps {
  /** Called after a successful change, once its alert is closed (default: reload the page). */
  reload?: () => void;
}

/**
 * Profile (first and last name), Account Settings (password and email), for those who receive
 * mail they may turn off, Notifications, and the private Calendar feed of the signed-in user,
 * with side tabs that scroll to each section: the same for students and staff, each in their own
 * layout; trainees also enter their allowance payment details there. Each change alerts and reloads.
 * Renders nothing without a user.
 */
export function AccountSettings({ reload = reloadWindow }: AccountSettingsProps) {
  const { user } = useSession();
  const [current, setCurrent] = useState<string>(SECTIONS[0].id);
  if (!user) return null;
  // Notifications only for those who receive mail they may turn off; allowance payment details only for trainees.
  const sections = SECTIONS.filter(
    (s) => (s.id !== 'notifications' || hasNotificationChoices(user.role)) && (s.id !== 'payment-details' || user.role === 'STUDENT'),
  );

  const goTo = (id: string) => {
    setCurrent(id);
    const section = document.getElementById(id);
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.focus({ preventScroll: true });
  };

  return (
    <div className="ui-settings">
      <nav className="ui-settings__tabs" aria-label="Settings sections">
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="ui-settings__tab"
                aria-current={current === s.id ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  goTo(s.id);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ui-settings__sections">
        <section id="profile" tabIndex={-1} className="ui-settings__section" aria-labelledby="profile-title">
          <h2 id="profile-title">Profile</h2>
          <ProfileForm reload={reload} />
        </section>
        <section id="account-settings" tabIndex={-1} className="ui-settings__section" aria-labelledby="account-title">
          <h2 id="account-title">Account Settings</h2>
          <p className="ui-settings__muted">Signed in as {user.email}</p>
          <ChangePasswordForm reload={reload} />
          <ChangeEmailForm />
        </section>
        {sections.some((s) => s.id === 'notifications') && (
          <section id="notifications" tabIndex={-1} className="ui-settings__section" aria-labelledby="notifications-title">
            <h2 id="notifications-title">Notifications</h2>
            <NotificationPreferencesForm userIdSlug={user.id_slug} role={user.role} />
          </section>
        )}
        <section id="calendar" tabIndex={-1} className="ui-settings__section" aria-labelledby="calendar-title">
          <h2 id="calendar-title">Calendar</h2>
          <CalendarFeedForm />
        </section>
        {sections.some((s) => s.id === 'payment-details') && (
          <section id="payment-details" tabIndex={-1} className="ui-settings__section" aria-labelledby="payment-details-title">
            <h2 id="payment-details-title">Allowance payment details</h2>
            <PaymentDetailsSection />
          </section>
        )}
      </div>
    </div>
  );
}
