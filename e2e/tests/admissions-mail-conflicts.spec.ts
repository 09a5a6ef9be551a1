import { type Browser, expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const INTAKE = 'youth-programme-2027';
const PROGRAMME = 'Semiconductor Youth Development Programme 2027';

/** Applications sent through the public form's call with a visitor token (its own budget), as the site sends them. */
async function submit(page: Page, applicants: { email: string; full_name: string; course: string }[]) {
  await page.evaluate(async (list) => {
    const visitor = (await (await fetch('/api/forms/visitor-token/', { method: 'POST' })).json()).token as string;
    for (const a of list) {
      const sent = await fetch('/api/sheet/submit-form/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Visitor-Token': visitor },
        body: JSON.stringify({
          ...a,
          age: '24',
          dobYear: '2001',
          dobMonth: 'March',
          dobDate: '14',
          gender: 'Female',
          ethnicity: 'Malay',
          marital_status: 'Single',
          full_address: '12 Jalan Bukit Jambul',
          state: 'PENANG',
          city: 'Bayan Lepas',
          postcode: '11900',
          linkedin: 'https://www.linkedin.com/in/mail-applicant',
          phone: `+60 12-${String(Date.now()).slice(-7)}`,
          secondary_phone: '',
          highest_qualification: 'Degree',
          uni_name: 'Universiti Sains Malaysia',
          degree_name: 'Bachelor of Engineering (Electronics)',
          country_study: 'Malaysia',
          field_study: 'Electrical & Electronic Engineering',
          qualification_type: 'Bachelor of Engineering (Electronics)',
          academic_result: 'CGPA 3.62',
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
    }
  }, applicants);
}

/** An admin call made with the signed-in admin's session of `page`: its JSON answer. */
function adminCall(page: Page, method: string, path: string, body?: unknown): Promise<{ data: unknown }> {
  return page.evaluate(
    async (call) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const res = await fetch(`/api/${call.path}`, {
        method: call.method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      if (!res.ok) throw new Error(`${call.method} ${call.path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

async function applicationId(page: Page, email: string): Promise<string> {
  const list = (await adminCall(page, 'GET', `admissions/admin/applications?search_query=${encodeURIComponent(email)}`)) as {
    data: { id_slug: string }[];
  };
  expect(list.data).toHaveLength(1);
  return list.data[0].id_slug;
}

/** The message to `to` whose subject says `subject`, opened in the development mailbox: its text. */
async function mailText(browser: Browser, to: string, subject: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.goto('/admin/mailbox');
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${to}` })
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

test('an admin edits the rejection template, previews it, rejects an applicant, and the mail arrives in the edited words', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const email = `rejected.${tag}@example.com`;
  const name = `Rejected Applicant ${tag}`;
  await submit(page, [{ email, full_name: name, course: 'Packaging' }]);
  const id = await applicationId(page, email);

  await page.goto('/admin/applications');
  await page.getByRole('link', { name: 'Mail', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/mail/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admissions mail' })).toBeVisible();

  // Replies go to the admissions team, not to no-reply.
  await page.getByLabel('Replies go to').fill(`admissions.${tag}@example.com`);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(notice(page, `Replies to this intake's admissions mail now go to admissions.${tag}@example.com.`)).toBeVisible();

  // The rejection starts from the words mailed today; an unknown placeholder is refused, naming it.
  await page.getByRole('combobox', { name: 'Message', exact: true }).selectOption('rejected');
  await expect(page.getByText('Mailed now: the default message.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toHaveValue(
    /We received many strong applications for few places\./,
  );
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(`Our answer ${tag} about {{programme}}`);
  await page.getByRole('textbox', { name: 'Body', exact: true }).fill(`Dear {{name}}, ref {{reference}}`);
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page.getByText(/Unknown placeholder \{\{reference\}\}/)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Body', exact: true })
    .fill(`Dear {{name}},\n\nThe panel ${tag} read every application and could not offer you a place this time.\n\nThe admissions team`);

  // The preview is the message filled in from a real application of the intake.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Filled in from the application of');
  await expect(preview).toContainText(`Our answer ${tag} about ${PROGRAMME}`);
  await expect(page.frameLocator('.admin-mail-templates__frame').getByText(`The panel ${tag} read every application`)).toBeVisible();
  // The message's own frame runs no script (sandboxed): the page around it is checked.
  await expectAccessible(page, ['.admin-mail-templates__frame']);

  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page.locator('.ui-notices').getByText(/^Rejection: version \d+ saved\./)).toBeVisible();
  await expect(page.getByText(/^Mailed now: version \d+, saved by/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions of Rejection' })).toContainText(`Our answer ${tag} about {{programme}}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectFits(page, 'the admissions mail page at 360 px');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admin screens the application and rejects it from its page.
  await page.goto(`/admin/applications/${id}`);
  await page.getByRole('radio', { name: 'Eligible', exact: true }).check();
  await page.getByRole('button', { name: 'Confirm screening' }).click();
  await expect(notice(page, 'Screening confirmed: the application is now Screened.')).toBeVisible();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject applications' });
  await dialog.getByLabel('Reason').fill('Few places this intake.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(notice(page, '1 application moved to Rejected.')).toBeVisible();

  const text = await mailText(browser, email, `Our answer ${tag} about ${PROGRAMME}`);
  expect(text).toContain(`Dear ${name},`);
  expect(text).toContain(`The panel ${tag} read every application and could not offer you a place this time.`);
  expect(text).not.toContain('many strong applications');

  // Back to the product's own words and no-reply, for the intake's later mail.
  await page.goto(`/admin/applications/mail?intake=${INTAKE}`);
  await page.getByRole('combobox', { name: 'Message', exact: true }).selectOption('rejected');
  await page.getByRole('button', { name: 'Start from the default' }).click();
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(
    page
      .locator('.ui-notices')
      .getByText(/^Rejection: version \d+ saved\./)
      .last(),
  ).toBeVisible();
  await page.getByLabel('Replies go to').fill('');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(notice(page, "This intake's admissions mail is sent from no-reply again.")).toBeVisible();
});

test('a reviewer declares a conflict of interest and leaves the application; the admin sees it and extends the offer in Malaysia time', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const cohortTitle = `Conflict Cohort ${tag}`;
  const cohortId = await createCohortThroughApi(page, cohortTitle);
  const email = `conflict.${tag}@example.com`;
  const name = `Conflicted Applicant ${tag}`;
  await submit(page, [{ email, full_name: name, course: 'Packaging' }]);
  const id = await applicationId(page, email);
  const reviewer = await createAccount('INSTRUCTOR', 'Hafiz');
  const staff = (await adminCall(page, 'GET', `admissions/admin/staff?search_query=${encodeURIComponent(reviewer.email)}`)) as {
    data: { id_slug: string }[];
  };
  await adminCall(page, 'POST', `admissions/admin/applications/${id}/screening`, { eligible: true, reason: '' });
  await adminCall(page, 'POST', 'admissions/admin/assignments', { application_ids: [id], reviewer_ids: [staff.data[0].id_slug] });

  // The reviewer is asked before the application opens, on a phone; they declare a conflict.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const r = await context.newPage();
  await signInAt(r, reviewer.email, reviewer.password, /\/instructor/);
  await r.goto(`/instructor/reviews/${id}`);
  const question = r.getByRole('group', { name: `Do you have a conflict of interest with ${name}?` });
  await expect(question).toBeVisible();
  await expect(r.getByRole('region', { name: 'Personal details' })).toHaveCount(0);
  await question.getByRole('radio', { name: 'Yes, I have a conflict of interest' }).check();
  await r.getByRole('button', { name: 'Confirm' }).click();
  await expect(r.getByText('Say briefly what the conflict is')).toBeVisible();
  await expectAccessible(r);
  await r.getByLabel(/What is the conflict/).fill('We worked in the same team last year.');
  await r.getByRole('button', { name: 'Confirm' }).click();
  await expect(r).toHaveURL(/\/instructor\/reviews$/);
  await expect(notice(r, 'You declared a conflict of interest: this application is no longer assigned to you.')).toBeVisible();
  await context.close();

  // The admin reads the conflict on the application, and where it was logged.
  await page.goto(`/admin/applications/${id}`);
  const conflicts = page.getByRole('list', { name: 'Conflicts of interest declared' });
  await expect(conflicts).toContainText('Hafiz Tester declared a conflict as reviewer');
  await expect(conflicts).toContainText('We worked in the same team last year.');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('Declared a conflict of interest');

  // Offered a place (accept by in 7 days), then given more time from the application's page.
  await adminCall(page, 'PUT', `admissions/admin/intakes/${INTAKE}/seats/${cohortId}`, { track: 'Packaging', seats: 5 });
  await adminCall(page, 'POST', 'admissions/admin/decisions', {
    application_ids: [id],
    decision: 'OFFER',
    reason: 'Strong application.',
    cohort_id: cohortId,
    accept_by: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  await page.reload();
  const offer = page.getByRole('region', { name: 'Offer' });
  await expect(offer).toContainText('(Malaysia time)');
  // Ten days from now at 17:30 in Malaysia, whatever the browser's zone.
  const day = new Date(Date.now() + 8 * 3600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
  // The date as people read it (the weekday's punctuation is left to the browser's locale data).
  const written = `${new Date(`${day}T09:30:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kuala_Lumpur',
  })} at 17:30 (Malaysia time)`;
  await offer.getByRole('button', { name: 'Extend accept-by' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend accept-by' });
  await dialog.getByLabel('New accept-by (Malaysia time)').fill(`${day}T17:30`);
  await dialog.getByLabel('Reason').fill('Waiting for the sponsor letter.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Extend' }).click();
  await expect(page.locator('.ui-notices').getByText(`${written}. The applicant is emailed.`, { exact: false })).toBeVisible();
  await expect(offer).toContainText(written);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Waiting for the sponsor letter.');
  const mail = await mailText(browser, email, `More time to answer your offer from ${PROGRAMME}`);
  expect(mail.replace(/\s+/g, ' ')).toContain(written);
});
