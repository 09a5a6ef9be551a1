import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, localDateTime } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const COHORT = `Bulk Cohort ${tag}`;
const INTAKE = 'youth-programme-2027';
// The public form takes 10 submissions per network in 10 minutes: all of them, on one page of the pipeline.
const COUNT = 10;

test("an admin decides on a page of applications at once, and an offer beyond the cohort's seats is refused with the count", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const cohortId = await createCohortThroughApi(page, COHORT);
  // An intake's worth of Packaging applications, sent through the public form's call, screened and in review.
  await page.evaluate(
    async ({ runTag, count, intake, cohort }) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const staff = await (await fetch('/api/admissions/admin/staff', { headers })).json();
      // A visitor token, as the site's form gets one: this applicant's own budget of submissions, not
      // the budget of the address every browser test sends from.
      const visitor = (await (await fetch('/api/forms/visitor-token/', { method: 'POST' })).json()).token as string;
      for (let i = 0; i < count; i++) {
        const email = `bulk${i}.${runTag}@example.com`;
        const sent = await fetch('/api/sheet/submit-form/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Visitor-Token': visitor },
          body: JSON.stringify({
            course: 'Packaging',
            email,
            full_name: `Bulk Applicant ${i} ${runTag}`,
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
            linkedin: 'https://www.linkedin.com/in/bulk-applicant',
            phone: `+60 12-345 ${String(1000 + i)}`,
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
        if (!sent.ok) throw new Error(`submit ${i}: ${sent.status} ${await sent.text()}`);
      }
      const list = await (await fetch(`/api/admissions/admin/applications?search_query=${runTag}&page_size=100`, { headers })).json();
      for (const a of list.data as { id_slug: string }[]) {
        const s = await fetch(`/api/admissions/admin/applications/${a.id_slug}/screening`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ eligible: true, reason: '' }),
        });
        if (!s.ok) throw new Error(`screen: ${await s.text()}`);
      }
      const assigned = await fetch('/api/admissions/admin/assignments', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          application_ids: list.data.map((a: { id_slug: string }) => a.id_slug),
          reviewer_ids: [staff.data[0].id_slug],
        }),
      });
      if (!assigned.ok) throw new Error(`assign: ${await assigned.text()}`);
      const seats = await fetch(`/api/admissions/admin/intakes/${intake}/seats/${cohort}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ track: 'Packaging', seats: 1 }),
      });
      if (!seats.ok) throw new Error(`seats: ${await seats.text()}`);
    },
    { runTag: tag, count: COUNT, intake: INTAKE, cohort: cohortId },
  );

  // The admin shows 100 rows a page, selects them all and waitlists them in one action.
  await page.goto(`/admin/applications?search=${tag}&status=IN_REVIEW`);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
  await expect(page.getByRole('link', { name: /Bulk Applicant/ })).toHaveCount(COUNT, { timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Waitlist' }).click();
  const waitlist = page.getByRole('dialog', { name: 'Put on the waiting list' });
  await expect(waitlist).toContainText(`${COUNT} applications`);
  await waitlist.getByLabel('Reason').fill('Seats are offered from the ranking.');
  await waitlist.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${COUNT} applications moved to Waitlisted.`)).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);

  // Two offers for the cohort's one seat are refused, with the count.
  await page.goto(`/admin/applications?search=${tag}&status=WAITLISTED`);
  await expect(page.getByRole('link', { name: /Bulk Applicant/ })).toHaveCount(COUNT, { timeout: 60_000 });
  await page.getByRole('checkbox', { name: `Select Bulk Applicant 0 ${tag}` }).check();
  await page.getByRole('checkbox', { name: `Select Bulk Applicant 1 ${tag}` }).check();
  await bar.getByRole('button', { name: 'Offer', exact: true }).click();
  const offer = page.getByRole('dialog', { name: 'Offer a place' });
  const option = offer.getByLabel('Cohort').locator('option', { hasText: COHORT });
  await expect(option).toContainText('1 of 1 seats free');
  await offer.getByLabel('Cohort').selectOption((await option.getAttribute('value'))!);
  await offer.getByLabel('Accept by').fill(localDateTime(7));
  await offer.getByLabel('Reason').fill('Top of the ranking.');
  await offer.getByRole('button', { name: 'Confirm' }).click();
  await expect(offer.getByRole('alert')).toContainText(`${COHORT} has 1 free seat: 2 offers cannot be made.`);
  await expectAccessible(page);
});
