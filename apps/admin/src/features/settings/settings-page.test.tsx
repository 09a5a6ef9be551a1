import { PASSWORD_CHANGED_ALERT, PROFILE_UPDATED_ALERT } from '@school/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { reloadPage } from './reload';
import { SettingsPage } from './settings-page';

vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const alert = vi.fn();
beforeEach(() => {
  vi.stubGlobal('alert', alert);
  alert.mockReset();
  vi.mocked(reloadPage).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/settings', () => {
  it("has the students' Profile and Account Settings sections for the signed-in staff member", async () => {
    mockRoutes({}, { user: ADMIN });
    renderWithApi(<SettingsPage />, '/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Settings sections' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByText(`Signed in as ${ADMIN.email}`)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue(ADMIN.first_name);
  });

  it('changes the name and the password through the account calls, then alerts and reloads', async () => {
    const user = userEvent.setup();
    const { calls } = mockRoutes(
      {
        profileUpdate: ({ body }) => ({ user: { ...ADMIN, ...(body as object) } }),
        changePassword: () => ({ message: 'Password changed', access: 'new-access' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<SettingsPage />, '/admin/settings');
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Rahman');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PROFILE_UPDATED_ALERT));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ first_name: ADMIN.first_name, last_name: 'Rahman' });

    await user.type(screen.getByLabelText('Current password'), 'Admin#Wafer2026');
    await user.type(screen.getByLabelText('New password'), 'Gate#Oxide2027');
    await user.type(screen.getByLabelText('Confirm new password'), 'Gate#Oxide2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PASSWORD_CHANGED_ALERT));
    expect(calls.find((c) => c.path === 'auth/account/change-password')?.body).toEqual({
      old_password: 'Admin#Wafer2026',
      new_password: 'Gate#Oxide2027',
      confirm_new_password: 'Gate#Oxide2027',
    });
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });
});
