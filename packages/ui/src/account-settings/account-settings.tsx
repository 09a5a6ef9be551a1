import { useState } from 'react';
import { useSession } from '../session';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import './account-settings.css';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'account-settings', label: 'Account Settings' },
] as const;

/** Reloads the page after a settings change. */
const reloadWindow = () => window.location.reload();

export interface AccountSettingsProps {
  /** Called after a successful change, once its alert is closed (default: reload the page). */
  reload?: () => void;
}

/**
 * Profile (first and last name) and Account Settings (password and email) of the signed-in user,
 * with side tabs that scroll to each section: the same for students and staff, each in their own
 * layout. Each change alerts and reloads. Renders nothing without a user.
 */
export function AccountSettings({ reload = reloadWindow }: AccountSettingsProps) {
  const { user } = useSession();
  const [current, setCurrent] = useState<string>(SECTIONS[0].id);
  if (!user) return null;

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
          {SECTIONS.map((s) => (
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
          <ChangeEmailForm reload={reload} />
        </section>
      </div>
    </div>
  );
}
