import { type Browser, expect, test } from '@playwright/test';
import { createCohortThroughApi } from '../support/cohort-setup';
import { signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const COHORT = `Invited Cohort ${tag}`;
const EMAIL = `invited.${tag}@example.com`;
const SUBJECT = `You are invited to join ${COHORT} at ChipSkills Academy`;
const PASSWORD = 'Invited#Wafer4471';

/** An admin opens the invitation in the development mailbox and answers its link. */
async function invitationLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${EMAIL}` });
    await expect(item).toHaveCount(1, { timeout: 30_000 });
    await item.click();
    const message = admin.getByRole('region', { name: 'Message' });
    await expect(message.getByRole('heading', { name: SUBJECT })).toBeVisible();
    await message.getByRole('button', { name: 'Text' }).click();
    const text = await message.locator('pre').innerText();
    expect(text).toContain('ChipSkills Academy');
    const link = /https?:\/\/\S+\/create-account\?invite=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no invitation link in: ${text}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}

test('an admin adds an email with no account; the invited person signs up through the mailed link and lands in the class', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const cohortId = await createCohortThroughApi(page, COHORT);

  // The admin adds the email from a CSV file: it has no account, so it is queued and invited.
  await page.goto(`/admin/cohorts/${cohortId}/add-student?title=${encodeURIComponent(COHORT)}`);
  const csv = `First name,Last name,Email\nIndah,Sari,${EMAIL}\n`;
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  const summary = page.getByRole('region', { name: 'Upload summary' });
  await expect(summary.locator('.admin-stat', { hasText: 'Added to the queue' }).locator('dd')).toHaveText('1');
  await page.getByRole('link', { name: COHORT }).click();
  // The queue is the cohort's own Invitations tab, after the spec's four (then the Instructors tab).
  await expect(page.getByRole('tab')).toHaveText([
    'Details',
    'Courses',
    'Students',
    'Certifications',
    'Invitations',
    'Instructors',
    'Sessions',
    'Timeline',
    'Coaches',
    'Placements',
    'Allowance',
  ]);
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('tab', { name: 'Invitations', selected: true })).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Invitations (1)' });
  await expect(invitations.getByRole('row').filter({ hasText: EMAIL })).toContainText(/Sending|Sent/);

  // The mail is in the development mailbox: the invitation shows as sent.
  const link = await invitationLink(browser);
  await page.reload();
  await expect(invitations.getByRole('row').filter({ hasText: EMAIL })).toContainText('Sent');

  // The invited person opens the link: the email is preset and locked.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(invited.getByRole('status')).toContainText(`You are invited to join ${COHORT}`);
  const email = invited.getByLabel('Email');
  await expect(email).toHaveValue(EMAIL);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(invited.getByLabel('First name')).toHaveValue('Indah');
  await expectAccessible(invited);
  await invited.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invited.getByLabel('Confirm password').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Sign up' }).click();

  // Enrolled on sign-up, they land in their class.
  await expect(invited).toHaveURL(new RegExp(`/class/${cohortId}`), { timeout: 30_000 });
  await expect(invited.getByText(COHORT).first()).toBeVisible();
  await context.close();

  // The admin sees the invitation accepted.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invitations (1)' }).getByRole('row').filter({ hasText: EMAIL })).toContainText('Accepted');
});
