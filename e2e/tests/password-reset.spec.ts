import { type Browser, expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';

const SUBJECT = 'Reset your ChipSkills Academy password';
const NEW_PASSWORD = 'Etched#Silicon2931';

/** The student asks for a link on /login/reset-password. */
async function askForLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this email, we have sent a link to reset its password. The link is valid for 30 minutes.',
  );
}

/** An admin reads the newest reset mail to the address in the development mailbox: the link of its Text part. */
async function linkFromMailbox(browser: Browser, email: string, count: number): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    const items = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${email}` });
    await expect(items).toHaveCount(count, { timeout: 30_000 });
    await expect(items.first()).toContainText(SUBJECT);
    await items.first().click();
    const message = admin.getByRole('region', { name: 'Message' });
    await expect(message.getByRole('heading', { name: SUBJECT })).toBeVisible();
    await message.getByRole('button', { name: 'Text' }).click();
    const text = await message.locator('pre').innerText();
    const link = /https?:\/\/\S+\/login\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no reset link in: ${text}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}

test('a student resets a forgotten password from the mailbox link, lands signed in, and signs in with it', async ({ page, browser }) => {
  // Four pages and a mail job in one flow: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const student = await createAccount('STUDENT', 'Rosnah');
  await askForLink(page, student.email);
  const link = await linkFromMailbox(browser, student.email, 1);

  await page.goto(link);
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm password is required.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('other');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByText('Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol'),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  // Held back until the busy label has been seen, however slow the machine.
  let release!: () => void;
  const seen = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/password-reset/confirm/', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/student$/, { timeout: 20_000 });
  await expect(page.getByText('Welcome back, Rosnah')).toBeVisible();

  // The link worked once: followed again (signed out), it says so and offers a new one.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto(link);
  await again.waitForLoadState('networkidle');
  await again.getByLabel('New password', { exact: true }).fill('Another#Wafer5512');
  await again.getByLabel('Confirm new password').fill('Another#Wafer5512');
  await again.getByRole('button', { name: 'Reset password' }).click();
  await expect(again.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(again.getByText('This password reset link has already been used. Please ask for a new one.')).toBeVisible();
  await again.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(again.getByRole('button', { name: 'Send reset link' })).toBeVisible();

  // The new password signs in; the old one no longer does.
  await again.goto('/login');
  await again.waitForLoadState('networkidle');
  await again.getByLabel('Email').fill(student.email);
  await again.getByLabel('Password').fill(student.password);
  const refused = again.waitForEvent('dialog');
  await again.getByRole('button', { name: 'Log in' }).click();
  await (await refused).dismiss();
  await again.getByLabel('Password').fill(NEW_PASSWORD);
  await again.getByRole('button', { name: 'Log in' }).click();
  await expect(again).toHaveURL(/\/student$/, { timeout: 20_000 });
  await fresh.close();
});

test('the reset page works at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/login/reset-password');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/login/reset-password?token=unknown-token-value');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
