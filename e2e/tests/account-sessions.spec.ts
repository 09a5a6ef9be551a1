import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { collectDialogs, signInAsStudent } from '../support/learn';

test('a signed-out visitor makes no session call and the console stays clean, on every app', async ({ page }) => {
  const authCalls: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/')) authCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  for (const path of ['/', '/courses', '/login', '/create-account']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // The learner portal and the admin console send the signed-out visitor to /login without asking the API.
  await page.goto('/student');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/courses');
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  expect(authCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('a student whose account is suspended loses the open tab at once, and cannot sign in again', async ({ browser, request }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `suspended-${stamp}@example.com`;
  const password = 'Silicon#Wafer9';
  await request.post('/api/auth/register/', { data: { email, password, first_name: 'Hana', last_name: `Tan${stamp.slice(-4)}` } });
  const name = `Hana Tan${stamp.slice(-4)}`;

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const dialogs = collectDialogs(student);
  await signInAsStudent(student, email, password, 'Hana');
  // The session hint is readable by the apps, the refresh token is not.
  const cookies = await studentContext.cookies();
  expect(cookies.find((c) => c.name === 'school_has_session')).toMatchObject({ value: '1', path: '/', httpOnly: false });
  expect(cookies.find((c) => c.name === 'school_refresh')).toMatchObject({ httpOnly: true });
  await student.goto('/student/settings');
  await expect(student.getByLabel('First name')).toHaveValue('Hana');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/students');
  await admin.getByPlaceholder('Search by name or email...').fill(email);
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Suspend account of ${name}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Suspend this account?' });
  await confirm.getByRole('button', { name: 'Suspend account' }).click();
  await expect(row.getByText('Account suspended')).toBeVisible();
  await expect(row.getByRole('button', { name: `Reinstate account of ${name}` })).toBeVisible();

  // The open tab's next call is refused, and no refresh renews it.
  await student.getByLabel('First name').fill('Hanna');
  await student.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => dialogs, { timeout: 5_000 }).toContain('Session expired. Please log in again.');
  await expect(student).toHaveURL(/\/login$/);
  expect((await studentContext.cookies()).find((c) => c.name === 'school_has_session')).toBeUndefined();

  await student.getByLabel('Email').fill(email);
  await student.getByLabel('Password').fill(password);
  await student.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => dialogs).toContain('Login failed. This account is suspended. Please contact the school.');
  await expect(student).toHaveURL(/\/login$/);

  // Reinstated, the student signs in again.
  await row.getByRole('button', { name: `Reinstate account of ${name}` }).click();
  await admin.getByRole('dialog', { name: 'Reinstate this account?' }).getByRole('button', { name: 'Reinstate account' }).click();
  await expect(row.getByText('Account suspended')).toBeHidden();
  await signInAsStudent(student, email, password, 'Hana');

  await studentContext.close();
  await adminContext.close();
});
