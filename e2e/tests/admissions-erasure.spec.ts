import { type Browser, expect, test } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const EMAIL = `erase.${tag}@example.com`;
const NAME = `Hafiz Erasure ${tag}`;

/** The first message to the applicant whose subject says `subject`, opened in the development mailbox: its text. */
async function mailText(browser: Browser, subject: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${EMAIL}` })
      .filter({ hasText: subject });
    await expect(item).toHaveCount(1, { timeout: 60_000 });
    await item.click();
    const message = admin.getByRole('region', { name: 'Message' });
    await message.getByRole('button', { name: 'Text' }).click();
    return await message.locator('pre').innerText();
  } finally {
    await context.close();
  }
}

test('an applicant asks from their link, at 360 px, for their data to be erased; an admin confirms it on the Records page', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  // The applicant's phone, from an address of its own: confirmation mails are budgeted per sending address, and the other
  // tests' applications all come from this machine's.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
  });
  const applicant = await phone.newPage();
  await applicant.goto('/applications/');
  // The application, sent through the public form's call with a visitor token as the site's form does.
  await applicant.evaluate(
    async ({ email, name }) => {
      const visitor = (await (await fetch('/api/forms/visitor-token/', { method: 'POST' })).json()).token as string;
      const sent = await fetch('/api/sheet/submit-form/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Visitor-Token': visitor },
        body: JSON.stringify({
          course: 'Digital Design',
          email,
          full_name: name,
          age: '26',
          dobYear: '2000',
          dobMonth: 'January',
          dobDate: '20',
          gender: 'Male',
          ethnicity: 'Malay',
          marital_status: 'Single',
          full_address: '3 Jalan Tun Razak',
          state: 'PENANG',
          city: 'Bayan Lepas',
          postcode: '11900',
          linkedin: 'https://www.linkedin.com/in/hafiz-erasure',
          phone: '+60 13-909 4411',
          secondary_phone: '',
          highest_qualification: 'Degree',
          uni_name: 'Universiti Sains Malaysia',
          degree_name: 'Bachelor of Engineering (Electronics)',
          country_study: 'Malaysia',
          field_study: 'Electrical & Electronic Engineering',
          qualification_type: 'Bachelor of Engineering (Electronics)',
          academic_result: 'CGPA 3.10',
          grad_year: '2024',
          english_qualification: 'MUET',
          english_score: '4.5',
          prev_employment: 'Internship',
          employment_details: 'Test engineering.',
          prev_leadership: 'Student bodies or clubs',
          leadership_details: 'Treasurer.',
          is_citizen: 'true',
          can_participate: 'true',
          can_device: 'true',
          can_relocate: 'false',
          resume: '',
          transcript: '',
        }),
      });
      if (!sent.ok) throw new Error(`submit: ${sent.status} ${await sent.text()}`);
    },
    { email: EMAIL, name: NAME },
  );
  const confirmation = await mailText(browser, 'We have received your application');
  const link = /https?:\/\/\S+\/applications\/[0-9a-f]+\?token=[A-Za-z0-9_-]+/.exec(confirmation)?.[0];
  if (!link) throw new Error(`no private link in: ${confirmation}`);
  const path = new URL(link).pathname + new URL(link).search;

  // The applicant, on the phone, asks for erasure: nothing is sent until they confirm.
  await applicant.goto(path);
  const section = applicant.getByRole('region', { name: 'Your personal data' });
  await section.getByRole('button', { name: 'Erase my personal data' }).click();
  await expect(section.getByText(/Ask the school to erase the personal data of this application\?/)).toBeVisible();
  await expectFits(applicant, 'the erasure confirmation at 360 px');
  await section.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(applicant.getByText(/Your request is recorded\./)).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/for your personal data to be erased\. The school checks the request/)).toBeVisible();
  await expectAccessible(applicant);

  // The admin sets the intake's retention and confirms the request on the Records page.
  await page.goto('/admin/applications');
  await page.getByRole('link', { name: 'Records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Records and erasure' })).toBeVisible();
  await page.getByLabel('Retention (months)').fill('36');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Retention saved: unsuccessful applications are anonymised 36 months after they end.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Waiting for a decision', { timeout: 60_000 });
  await expectAccessible(page);
  await row.getByRole('button', { name: 'Erase data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this applicant’s data?' });
  await expect(dialog).toContainText('and the application is withdrawn');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(notice(page, 'The application’s personal data is erased, and the applicant is told by email.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('row').filter({ hasText: 'Erased' }).first()).toBeVisible();
  await expect(page.getByText(NAME)).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectFits(page, 'the Records page at 360 px');

  // The applicant is told, and their link opens nothing any more.
  const erased = await mailText(browser, 'your personal data is erased');
  expect(erased).toContain('we have erased the personal data of your application');
  await applicant.reload();
  await expect(applicant.getByText('This link is not valid. Use the link in your confirmation email.')).toBeVisible({ timeout: 60_000 });
  await phone.close();
});
