import { expect, type Page, test } from '@playwright/test';
import { DEMO } from '../support/demo';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a visitor signs up, lands on the dashboard, keeps the session on reload and logs out', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto('/create-account');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('First name').fill('Farah');
  await page.getByLabel('Last name').fill('Lim');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol'),
  ).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Silicon#Wafer9');
  await page.getByLabel('Confirm password').fill('Silicon#Wafer9');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Farah' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Farah' })).toBeVisible();

  await page.getByRole('button', { name: /Farah Lim/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('Logging out...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // signed out: the student area sends the visitor to /login
  await page.goto('/student');
  await expect(page).toHaveURL(/\/login$/);

  // and the new account signs in again
  await signIn(page, email, 'Silicon#Wafer9');
  await expect(page.getByRole('heading', { name: 'Welcome back, Farah' })).toBeVisible();
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.student2.email);
  await page.getByLabel('Password').fill('Wrong#Pass1');
  const dialog = page.waitForEvent('dialog');
  await page.getByRole('button', { name: 'Log in' }).click();
  const d = await dialog;
  expect(d.message()).toBe('Login failed. Incorrect password. Please try again.');
  await d.dismiss();
});

test('an admin lands on /admin/courses and is sent back there from the landing routes', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('button', { name: 'Nadia Hassan' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/courses$/);
});

test('an instructor lands on /instructor', async ({ page }) => {
  await signIn(page, DEMO.instructor.email, DEMO.instructor.password);
  await expect(page).toHaveURL(/\/instructor$/);
  await expect(page.getByRole('heading', { name: /Rajesh/ })).toBeVisible();
});

test('the prerendered sign-in form cannot leak credentials into a URL before its script runs', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const form = html.match(/<form[^>]*>/)?.[0] ?? '';
  expect(form).toContain('method="post"');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Log in<\/button>/);
});
