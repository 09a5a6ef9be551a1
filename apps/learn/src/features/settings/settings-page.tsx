import { ErrorView, useSession } from '@school/ui';
import { useState } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { ChangeEmailForm } from './components/change-email-form';
import { ChangePasswordForm } from './components/change-password-form';
import { ProfileForm } from './components/profile-form';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'account-settings', label: 'Account Settings' },
] as const;

/** /student/settings: Profile and Account Settings, with side tabs that scroll to each section. */
export function SettingsPage() {
  const { user } = useSession();
  const [current, setCurrent] = useState<string>(SECTIONS[0].id);
  usePageTitle('Settings');
  if (!user) return <ErrorView homePath="/" />;

  const goTo = (id: string) => {
    setCurrent(id);
    const section = document.getElementById(id);
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.focus({ preventScroll: true });
  };

  return (
    <div className="learn-page learn-settings">
      <h1>Settings</h1>
      <div className="learn-settings__layout">
        <nav className="learn-settings__tabs" aria-label="Settings sections">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="learn-settings__tab"
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
        <div className="learn-settings__sections">
          <section id="profile" tabIndex={-1} className="learn-settings__section" aria-labelledby="profile-title">
            <h2 id="profile-title">Profile</h2>
            <ProfileForm />
          </section>
          <section id="account-settings" tabIndex={-1} className="learn-settings__section" aria-labelledby="account-title">
            <h2 id="account-title">Account Settings</h2>
            <p className="learn-muted">Signed in as {user.email}</p>
            <ChangePasswordForm />
            <ChangeEmailForm />
          </section>
        </div>
      </div>
    </div>
  );
}
