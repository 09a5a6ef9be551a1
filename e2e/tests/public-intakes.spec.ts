import { expect, test } from '@playwright/test';
import { DEMO } from '../support/demo';

test('initiatives open and close by their dates in the browser, and a closed one refuses applications', async ({ page, request }) => {
  // The prerendered HTML was built on another day: it claims neither state.
  const html = await (await request.get('/apply')).text();
  expect(html).not.toContain('APPLICATION OPEN');
  expect(html).not.toContain('APPLICATION CLOSED');

  await page.goto('/apply');
  const open = page.locator('.site-initiative-card').filter({ hasText: 'Programme 2027' });
  const closed = page.locator('.site-initiative-card').filter({ hasText: 'Programme 2025' });
  await expect(open.getByText('APPLICATION OPEN')).toBeVisible();
  await expect(closed.getByText('APPLICATION CLOSED')).toBeVisible();
  await expect(closed.getByText('APPLICATION OPEN')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/apply-cards.png', fullPage: true });

  await closed.getByRole('link').click();
  await expect(page).toHaveURL(/\/apply\/youth-programme-2025$/);
  await expect(page.getByRole('status').filter({ hasText: 'Applications for this programme are closed.' })).toContainText(
    'They closed on 15 August 2025.',
  );
  await expect(page.getByRole('link', { name: /^Apply for / })).toHaveCount(0);

  await page.goto('/apply/youth-programme-2025/application');
  await expect(page.getByText('Applications for this programme are closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/closed-application.png' });
});

test('/applications/{frontend_slug} of an initiative redirects to its programme page under /apply', async ({ page, request }) => {
  const res = await request.get('/applications/youth-programme-2027', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/apply/youth-programme-2027');
  await page.goto('/applications/youth-programme-2025');
  await expect(page).toHaveURL(/\/apply\/youth-programme-2025$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Any other id stays the application page.
  const other = await request.get('/applications/some-id', { maxRedirects: 0 });
  expect(other.status()).not.toBe(301);
});

test('sign-in says a server error or network failure is one, not that the account is missing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.goto('/login');
  await page.route(/\/api\/auth\/login\/?$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) }),
  );
  await page.getByLabel('Email').fill(DEMO.student.email);
  await page.getByLabel('Password').fill(DEMO.student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => dialogs).toEqual(['Uh oh... something went wrong. Please try again later.']);
  await page.unroute(/\/api\/auth\/login\/?$/);
  await page.route(/\/api\/auth\/login\/?$/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => dialogs).toHaveLength(2);
  expect(dialogs[1]).toBe('Uh oh... something went wrong. Please try again later.');
});

test('signing up with a taken email keeps the alert and shows the server message under the email field', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.goto('/create-account');
  await page.getByLabel('First name').fill('Aisyah');
  await page.getByLabel('Last name').fill('Rahman');
  await page.getByLabel('Email').fill(DEMO.student.email);
  await page.getByLabel('Password', { exact: true }).fill('Silicon#Wafer9');
  await page.getByLabel('Confirm password').fill('Silicon#Wafer9');
  await page.getByRole('button', { name: /Create account|Sign up/ }).click();
  await expect.poll(() => dialogs).toEqual(['Registration failed. Please check your details.']);
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await page.screenshot({ path: 'test-results/signup-taken-email.png' });
});
