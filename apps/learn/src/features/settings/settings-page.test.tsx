import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@school/ui/testing';
import { renderApp, STUDENT } from '../../test/render-app';
import { reloadPage } from './reload';
import { EMAIL_CHANGED_ALERT, PASSWORD_CHANGED_ALERT, PROFILE_UPDATED_ALERT } from './settings-messages';

vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const alert = vi.fn();
beforeEach(() => {
  vi.stubGlobal('alert', alert);
  alert.mockReset();
  vi.mocked(reloadPage).mockReset();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const PASSWORD_RULE = 'Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol';

function deferred<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { release, handler: async () => (await gate, value) };
}

describe('/student/settings', () => {
  it('has side tabs that scroll to the Profile and Account Settings sections', async () => {
    const user = userEvent.setup();
    renderApp('/student/settings', {});
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(nav).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account Settings' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('aria-current', 'true');
    expect(document.activeElement?.id).toBe('account-settings');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('validates names, saves the profile with Saving..., alerts and reloads', async () => {
    const user = userEvent.setup();
    const save = deferred({ user: { ...STUDENT, first_name: 'Siti', last_name: 'Aminah' } });
    const { calls } = renderApp('/student/settings', { profileUpdate: save.handler });
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Aisyah');
    await user.clear(first);
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid name')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(first, 'Siti');
    await user.type(screen.getByLabelText('Last name'), 'minah');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => save.release());
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PROFILE_UPDATED_ALERT));
    expect(reloadPage).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ first_name: 'Siti', last_name: 'Aminah' });
  });

  it('validates a password change, then alerts and reloads', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/student/settings', {
      changePassword: () => ({ message: 'Password changed', access: 'new-access' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'Learn#Wafer2026');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Silicon#Wafer9');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Silicon#Wafer9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PASSWORD_CHANGED_ALERT));
    expect(reloadPage).toHaveBeenCalled();
    expect(calls.find((c) => c.path === 'auth/account/change-password')?.body).toEqual({
      old_password: 'Learn#Wafer2026',
      new_password: 'Silicon#Wafer9',
      confirm_new_password: 'Silicon#Wafer9',
    });
  });

  it('shows the server field message of a failed password change, without an alert', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/student/settings', {
      changePassword: () =>
        reply(400, { message: 'Current password is incorrect', errors: { old_password: 'Current password is incorrect' } }),
    });
    await user.type(await screen.findByLabelText('Current password'), 'Wrong#Pass1');
    await user.type(screen.getByLabelText('New password'), 'Silicon#Wafer9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Silicon#Wafer9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('validates an email change, then shows the address waiting for its confirmation', async () => {
    const user = userEvent.setup();
    let pending: string | null = null;
    const { calls } = renderApp('/student/settings', {
      changeEmail: (c) => {
        pending = (c.body as { new_email: string }).new_email;
        return { user: STUDENT, pending_email: pending };
      },
      emailChangePending: () => ({ pending_email: pending, expires_at: pending && new Date().toISOString() }),
      notificationPreferences: () => ({
        preferences: { deadline_reminders: true, application_digest: true, announcements: 'each' as const },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Current email is required')).toBeInTheDocument();
    expect(screen.getByText('New email is required')).toBeInTheDocument();
    expect(screen.getAllByText('Password is required')).toHaveLength(1);
    await user.type(screen.getByLabelText('Current email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current email'));
    await user.type(screen.getByLabelText('Current email'), ' Aisyah@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'Learn#Wafer2026');
    await user.type(screen.getByLabelText('New email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(
      await screen.findByText('We sent a confirmation link to new@example.com. Your email changes once you open it (valid for 24 hours).'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/account/change-email')?.body).toEqual({
      current_email: 'aisyah@example.com',
      current_password: 'Learn#Wafer2026',
      new_email: 'new@example.com',
    });
    // The email stays as it is until confirmed: no alert, no reload.
    expect(alert).not.toHaveBeenCalledWith(EMAIL_CHANGED_ALERT);
    expect(screen.getByText(`Signed in as ${STUDENT.email}`)).toBeInTheDocument();
  });

  it('has a Notifications side tab where a student turns deadline reminders off', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/student/settings', {
      emailChangePending: () => ({ pending_email: null, expires_at: null }),
      notificationPreferences: () => ({
        preferences: { deadline_reminders: true, application_digest: true, announcements: 'each' as const },
      }),
      notificationPreferencesUpdate: () => ({
        preferences: { deadline_reminders: false, application_digest: true, announcements: 'each' as const },
      }),
    });
    await user.click(await screen.findByRole('link', { name: 'Notifications' }));
    expect(document.activeElement?.id).toBe('notifications');
    const box = await screen.findByRole('checkbox', { name: /Deadline reminders/ });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /digest/ })).not.toBeInTheDocument();
    await user.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Deadline reminders/ })).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ deadline_reminders: false });
  });

  it('makes a private calendar address, shows it once, makes a new one and stops the feed', async () => {
    const user = userEvent.setup();
    const url = 'http://school.test/api/calendar/feeds/abc.ics';
    const { calls } = renderApp('/student/settings', {
      calendarFeed: () => ({ data: { url: null, created_at: null } }),
      calendarFeedCreate: () => reply(201, { data: { url, created_at: '2026-11-28T02:00:00.000Z' } }),
      calendarFeedRevoke: () => ({ data: { url: null, created_at: null } }),
    });
    const section = await screen.findByRole('region', { name: 'Calendar' });
    await user.click(within(section).getByRole('button', { name: 'Make my calendar address' }));
    expect(await within(section).findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(url);
    expect(within(section).getByText('Copy it now: it is shown only once.')).toBeInTheDocument();

    // A new address asks first: calendars on the old one stop updating.
    await user.click(within(section).getByRole('button', { name: 'Make a new address' }));
    const confirmNew = await screen.findByRole('dialog', { name: 'Make a new address?' });
    await user.click(within(confirmNew).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === 'calendar/feed')).toHaveLength(2));

    await user.click(within(section).getByRole('button', { name: 'Stop the feed' }));
    const confirmStop = await screen.findByRole('dialog', { name: 'Stop your calendar feed?' });
    await user.click(within(confirmStop).getByRole('button', { name: 'Stop the feed' }));
    expect(await within(section).findByText('Your calendar feed is stopped.')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: 'Your calendar address' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Make my calendar address' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === 'calendar/feed')).toHaveLength(1);
  });
});
