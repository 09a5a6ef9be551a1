import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';

const COHORT = 'Analog Design Track: Cohort 2';

test('a student an admin adds gets the enrolment email, read in the development mailbox', async ({ page }) => {
  const student = await createAccount('STUDENT', 'Meiling');
  await signInAsAdmin(page);
  await page.goto('/admin/cohorts');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Analog Design Track');
  await page.getByRole('link', { name: COHORT }).click();
  await page.getByRole('tab', { name: 'Students' }).click();
  await page.getByRole('link', { name: 'Add students' }).click();
  const csv = `First name,Last name,Email\nMeiling,Tester,${student.email}\n`;
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('region', { name: 'Upload summary' }).locator('.admin-stat', { hasText: 'Added to the cohort' }).locator('dd'),
  ).toHaveText('1');

  // The mail is sent by a job, caught by the development SMTP server, and listed within seconds.
  await page.getByRole('link', { name: 'Mailbox' }).click();
  await expect(page).toHaveURL(/\/admin\/mailbox$/);
  const item = page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button')
    .filter({ hasText: `To ${student.email}` });
  await expect(item).toContainText(`You have been enrolled in ${COHORT}`, { timeout: 20_000 });
  await item.click();

  const message = page.getByRole('region', { name: 'Message' });
  await expect(message.getByRole('heading', { name: `You have been enrolled in ${COHORT}` })).toBeVisible();
  const html = page.frameLocator(`iframe[title="HTML of You have been enrolled in ${COHORT}"]`);
  await expect(html.getByText('Meiling', { exact: false }).first()).toBeVisible();
  await message.getByRole('button', { name: 'Text' }).click();
  await expect(message.locator('pre')).toContainText('/class/');
});

test('failed jobs are listed for admins, none while mail goes through', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Failed jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
  await expect(page.getByText('No job has failed.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting to retry' })).toBeVisible();
  await expect(page.getByText('No job is waiting to be tried again.')).toBeVisible();
});
