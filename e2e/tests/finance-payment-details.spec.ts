import { expect, test } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.setTimeout(180_000);

/**
 * The safety base of the allowance: the demo admin (who holds the finance permission) grants it to a
 * colleague on the Staff page; a trainee on a phone enters their bank details and then sees them
 * masked; the finance admin sees them in full on the trainee's page, and that view is in the audit log.
 */
test('finance permission, a trainee’s bank details at 360 px, and the audited view', async ({ browser, request }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const password = 'Silicon#Wafer9';

  // A colleague's account, made an admin by the demo admin through the API.
  const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const { access } = (await login.json()) as { access: string };
  const colleague = await request.post('/api/auth/register/', {
    data: { email: `colleague-${stamp}@example.com`, password, first_name: 'Hakim', last_name: `Staff ${stamp}`, role: 'STUDENT' },
  });
  const colleagueSlug = ((await colleague.json()) as { user: { id_slug: string } }).user.id_slug;
  const promoted = await request.patch(`/api/auth/admin/users/${colleagueSlug}/role`, {
    headers: { Authorization: `Bearer ${access}` },
    data: { role: 'ADMIN' },
  });
  expect(promoted.ok()).toBe(true);

  // The trainee, at 360 px.
  const student = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  const traineeEmail = `trainee-${stamp}@example.com`;
  await request.post('/api/auth/register/', {
    data: { email: traineeEmail, password, first_name: 'Siti', last_name: `Payee ${stamp}`, role: 'STUDENT' },
  });
  await signInAsStudent(student, traineeEmail, password, 'Siti');
  await student.goto('/student/settings');
  const section = student.getByRole('region', { name: 'Allowance payment details' });
  await expect(section).toBeVisible();
  await section.getByLabel('IC or passport number').fill('12345');
  await section.getByLabel('Bank name').fill('Maybank');
  await section.getByLabel('Account number').fill('5140-1234');
  await section.getByLabel('Account holder name').fill(`Siti Payee ${stamp}`);
  await section.getByRole('button', { name: 'Save payment details' }).click();
  await expect(section.getByText('Enter a MyKad number of 12 digits')).toBeVisible();
  await expect(section.getByText('Account number must be 6 to 20 digits, with no spaces or dashes')).toBeVisible();
  await section.getByLabel('IC or passport number').fill('990101-14-5678');
  await section.getByLabel('Account number').fill('514012345678');
  await section.getByRole('button', { name: 'Save payment details' }).click();
  await expect(section.getByText('Payment details saved.')).toBeVisible();
  // Masked once saved: only the last 4 characters of the numbers come back to the page.
  await expect(section.getByText('ending in 5678')).toHaveCount(2);
  await expect(section.getByText('514012345678')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Replace payment details' })).toBeVisible();
  await expectAccessible(student);

  // The finance admin grants the permission to the colleague on the Staff page.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Staff' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const financeSwitch = admin.getByRole('checkbox', { name: `Finance permission: Hakim Staff ${stamp}` });
  await expect(financeSwitch).not.toBeChecked();
  await financeSwitch.check();
  await expect(notice(admin, `Hakim Staff ${stamp} now holds the finance permission.`)).toBeVisible();
  await expect(financeSwitch).toBeChecked();
  // Nobody changes their own permission.
  await expect(admin.getByRole('checkbox', { name: 'Finance permission: Nadia Hassan' })).toBeDisabled();
  await expectAccessible(admin);

  // The trainee's page shows the details in full to finance staff.
  await admin.goto('/admin/students');
  await admin.getByPlaceholder('Search by name or email...').fill(traineeEmail);
  await admin.getByRole('link', { name: `Siti Payee ${stamp}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Siti Payee ${stamp}` })).toBeVisible();
  const panel = admin.getByRole('region', { name: 'Allowance payment details' });
  await expect(panel.getByText('990101145678')).toBeVisible();
  await expect(panel.getByText('514012345678')).toBeVisible();
  await expectAccessible(admin);

  // That view is in the audit log, with who looked.
  await panel.getByRole('link', { name: 'Access log' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entries = admin.getByRole('region', { name: 'Audit log entries' });
  const viewed = entries.getByRole('row').filter({ hasText: 'Payment details viewed' });
  await expect(viewed.first()).toContainText('Nadia Hassan');
  await expect(viewed.first()).toContainText(`Siti Payee ${stamp}`);
  await expect(entries.getByRole('row').filter({ hasText: 'Payment details changed by the trainee' })).toHaveCount(1);
  await expectAccessible(admin);
});
