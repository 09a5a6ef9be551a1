import { type Browser, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { expectAccessible, signInAsStudent } from '../support/learn';

const SUBJECT = 'Confirm your ChipSkills Academy email';

/** An admin opens the newest confirmation mail to the address in the development mailbox (there are `count`): its link. */
async function verificationLink(browser: Browser, email: string, count: number): Promise<string> {
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
    const link = /https?:\/\/\S+\/account\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no confirmation link in: ${text}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}

for (const width of [1280, 360]) {
  test(`a self-registered student is asked to confirm their email, has the link sent again and confirms it (${width} px)`, async ({
    page,
    request,
    browser,
  }) => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const email = `verify-${width}-${stamp}@example.com`;
    const password = 'Silicon#Wafer9';
    const registered = await request.post('/api/auth/register/', { data: { email, password, first_name: 'Nurul', last_name: 'Huda' } });
    expect(registered.status()).toBe(201);
    await page.setViewportSize({ width, height: 900 });
    await signInAsStudent(page, email, password, 'Nurul');

    const notice = page.getByRole('region', { name: 'Confirm your email' });
    await expect(notice).toContainText(`we sent a link to ${email}`);
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expect(notice.getByRole('status')).toHaveText(`We sent a new confirmation link to ${email}.`);

    // The newest link (the resent one) confirms the address, from the public site.
    await page.goto(await verificationLink(browser, email, 2));
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByText('Your email is confirmed. Classes waiting for this address are now on your dashboard.')).toBeVisible();

    await page.goto('/student');
    await expect(page.getByRole('heading', { name: 'Welcome back, Nurul' })).toBeVisible();
    await expect(page.getByText('You are not enrolled in any courses yet...')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
  });
}
