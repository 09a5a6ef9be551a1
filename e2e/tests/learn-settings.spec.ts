import { type Browser, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { collectDialogs, expectAccessible, signInAsStudent } from '../support/learn';

const CONFIRM_SUBJECT = 'Confirm your new ChipSkills Academy email';

/** An admin opens the confirmation mail to the address in the development mailbox: the link of its Text part. */
async function confirmationLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    const items = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${email}` });
    await expect(items).toHaveCount(1, { timeout: 30_000 });
    await expect(items.first()).toContainText(CONFIRM_SUBJECT);
    await items.first().click();
    const message = admin.getByRole('region', { name: 'Message' });
    await expect(message.getByRole('heading', { name: CONFIRM_SUBJECT })).toBeVisible();
    await message.getByRole('button', { name: 'Text' }).click();
    const text = await message.locator('pre').innerText();
    const link = /https?:\/\/\S+\/account\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no confirmation link in: ${text}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}

test('a student changes their name, password and email in the settings', async ({ page, request, browser }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `settings-${stamp}@example.com`;
  const password = 'Silicon#Wafer9';
  await request.post('/api/auth/register/', { data: { email, password, first_name: 'Farah', last_name: 'Lim', role: 'STUDENT' } });
  const dialogs = collectDialogs(page);
  await signInAsStudent(page, email, password, 'Farah');
  await expect(page.getByText('You are not enrolled in any courses yet...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/apply');

  await page.goto('/student/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeInViewport();

  // Profile
  await page.getByLabel('First name').fill('F');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Please enter a valid name')).toBeVisible();
  await page.getByLabel('First name').fill('Farida');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => dialogs).toContain('Update is successful!');
  await expect(page.getByLabel('First name')).toHaveValue('Farida');
  await expect(page.getByRole('button', { name: /Farida Lim/ })).toBeVisible();

  // Password: wrong confirmation first, then the real change; the session survives the reload.
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('Gallium#Nitride7');
  await page.getByLabel('Confirm new password').fill('Gallium#Nitride8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Gallium#Nitride7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(() => dialogs).toContain('Password change successful!');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Email
  const newEmail = `renamed-${stamp}@example.com`;
  await page.getByLabel('Current email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Gallium#Nitride7');
  await page.getByLabel('New email').fill('not-an-email');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  // Nothing changes until the new address confirms it: the page shows the address waiting.
  await expect(
    page.getByText(`We sent a confirmation link to ${newEmail}. Your email changes once you open it (valid for 24 hours).`),
  ).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(dialogs).not.toContain('Email changed successfully!');

  // The student opens the link from the mailbox and confirms.
  await page.goto(await confirmationLink(browser, newEmail));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect.poll(() => dialogs).toContain('Email changed successfully!');
  await expect(page.getByRole('status')).toHaveText('Email changed successfully!');
  await page.goto('/student/settings');
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  const oldAddress = await request.post('/api/auth/login/', { data: { email, password: 'Gallium#Nitride7' } });
  expect(oldAddress.status()).toBe(400);

  // The new email and password sign in; the old password does not.
  const old = await request.post('/api/auth/login/', { data: { email: newEmail, password } });
  expect(old.status()).toBe(400);
  const fresh = await request.post('/api/auth/login/', { data: { email: newEmail, password: 'Gallium#Nitride7' } });
  expect(fresh.status()).toBe(200);
  expect((await fresh.json()).user).toMatchObject({ first_name: 'Farida', email: newEmail });
});

test('the settings page works on a 360 px screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const email = `settings-narrow-${Date.now()}@example.com`;
  await request.post('/api/auth/register/', {
    data: { email, password: 'Silicon#Wafer9', first_name: 'Nur', last_name: 'Aina', role: 'STUDENT' },
  });
  await signInAsStudent(page, email, 'Silicon#Wafer9', 'Nur');
  await page.goto('/student/settings');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Current email is required')).toBeVisible();
  await expectAccessible(page);
});
