import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/learn';

const tag = `sel${Date.now().toString(36)}`;
// More than a page of the pipeline (20 rows), plus one withdrawn application that a rejection refuses.
const COUNT = 25;

test("an admin selects every application matching the pipeline's filter across its pages and rejects them in one action", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  // COUNT + 1 applications sent through the public form's call (a visitor token per ten, as the
  // site's form gets one), screened eligible in one bulk call; the last one withdrawn.
  await page.evaluate(
    async ({ suffix, count }) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      let visitor = '';
      for (let i = 0; i <= count; i++) {
        if (i % 10 === 0) visitor = (await (await fetch('/api/forms/visitor-token/', { method: 'POST' })).json()).token as string;
        const sent = await fetch('/api/sheet/submit-form/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Visitor-Token': visitor },
          body: JSON.stringify({
            course: 'Analog Design',
            email: `all${i}.${suffix}@example.com`,
            full_name: `Matching Applicant ${String(i).padStart(2, '0')} ${suffix}`,
            age: '25',
            dobYear: '2000',
            dobMonth: 'May',
            dobDate: '2',
            gender: 'Male',
            ethnicity: 'Chinese',
            marital_status: 'Single',
            full_address: '8 Lebuh Pantai',
            state: 'PENANG',
            city: 'George Town',
            postcode: '10300',
            linkedin: 'https://www.linkedin.com/in/matching-applicant',
            phone: `+60 16-${String(200 + i)} ${String(5000 + i)}`,
            secondary_phone: '',
            highest_qualification: 'Degree',
            uni_name: 'Universiti Sains Malaysia',
            degree_name: 'Bachelor of Engineering (Electronics)',
            country_study: 'Malaysia',
            field_study: 'Electrical & Electronic Engineering',
            qualification_type: 'Bachelor of Engineering (Electronics)',
            academic_result: 'CGPA 3.40',
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
            can_relocate: 'true',
            resume: '',
            transcript: '',
          }),
        });
        if (!sent.ok) throw new Error(`submit ${i}: ${sent.status} ${await sent.text()}`);
      }
      const list = await (await fetch(`/api/admissions/admin/applications?search_query=${suffix}&page_size=100`, { headers })).json();
      const ids = (list.data as { id_slug: string; full_name: string }[]).map((a) => a.id_slug);
      if (ids.length !== count + 1) throw new Error(`listed ${ids.length}`);
      const screened = await fetch('/api/admissions/admin/screening', {
        method: 'POST',
        headers,
        body: JSON.stringify({ application_ids: ids, eligible: true, reason: '' }),
      });
      if (!screened.ok) throw new Error(`screen: ${await screened.text()}`);
      const last = (list.data as { id_slug: string; full_name: string }[]).find((a) => a.full_name.includes(`Applicant ${count} `))!;
      const withdrawn = await fetch('/api/admissions/admin/decisions', {
        method: 'POST',
        headers,
        body: JSON.stringify({ application_ids: [last.id_slug], decision: 'WITHDRAW', reason: 'Asked by phone' }),
      });
      if (!withdrawn.ok) throw new Error(`withdraw: ${await withdrawn.text()}`);
    },
    { suffix: tag, count: COUNT },
  );

  const rows = page.getByRole('link', { name: /Matching Applicant/ });
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  const selectAllMatching = async (n: number) => {
    await expect(rows).toHaveCount(20, { timeout: 60_000 });
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: `Select all ${n} matching this filter` }).click();
    await expect(page.getByText(`All ${n} applications matching this filter are selected.`)).toBeVisible();
    await expect(bar).toContainText(`${n} selected`);
  };

  // Every application of the search, on two pages of 20: the withdrawn one cannot be rejected, and
  // the refusal names it and why, moving none.
  await page.goto(`/admin/applications?search=${tag}`);
  await selectAllMatching(COUNT + 1);
  await bar.getByRole('button', { name: 'Reject' }).click();
  let dialog = page.getByRole('dialog', { name: 'Reject applications' });
  await expect(dialog).toContainText(`${COUNT + 1} applications.`);
  await dialog.getByLabel('Reason').fill('The places went to stronger applications.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(`Matching Applicant ${COUNT} ${tag}: An application that is Withdrawn cannot become Rejected.`, {
    timeout: 60_000,
  });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Narrowed to the screened ones (25, still two pages), the whole set is rejected in one action.
  await page.goto(`/admin/applications?search=${tag}&status=SCREENED`);
  await selectAllMatching(COUNT);
  await bar.getByRole('button', { name: 'Reject' }).click();
  dialog = page.getByRole('dialog', { name: 'Reject applications' });
  await expect(dialog).toContainText(`${COUNT} applications.`);
  await dialog.getByLabel('Reason').fill('The places went to stronger applications.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${COUNT} applications moved to Rejected.`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No application matches your search.')).toBeVisible({ timeout: 60_000 });

  // All of them, the second page's too, are rejected; the withdrawn one stays withdrawn.
  await page.goto(`/admin/applications?search=${tag}&status=REJECTED&size=100`);
  await expect(rows).toHaveCount(COUNT, { timeout: 60_000 });
  await page.goto(`/admin/applications?search=${tag}&status=WITHDRAWN`);
  await expect(rows).toHaveCount(1, { timeout: 60_000 });
  await expectAccessible(page);
});
