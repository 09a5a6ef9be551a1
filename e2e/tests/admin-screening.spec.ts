import { expect, test } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

/**
 * Screening that checks and can be corrected: the admin sees each flag with the answer that
 * decided it, reopens a 'Not eligible' decision with a reason, and confirms a filtered selection
 * eligible in one action; the admissions overview fits at 1280 px.
 */
const tag = Date.now().toString(36);
const OLDER = `Rosmah Older ${tag}`;
const BATCH = `Batch ${tag}`;

const application = (over: Record<string, string>) => ({
  course: 'Packaging',
  full_name: 'Applicant',
  age: '23',
  dobYear: '2003',
  dobMonth: 'May',
  dobDate: '2',
  gender: 'Female',
  ethnicity: 'Malay',
  marital_status: 'Single',
  full_address: '8 Jalan Tun Razak',
  state: 'PERAK',
  city: 'Ipoh',
  postcode: '30450',
  linkedin: 'https://www.linkedin.com/in/applicant',
  phone: '+60 12-555 0101',
  secondary_phone: '',
  highest_qualification: 'Diploma',
  uni_name: 'Politeknik Ungku Omar',
  degree_name: 'Diploma in Electronic Engineering',
  country_study: 'Malaysia',
  field_study: 'Electrical & Electronic Engineering',
  qualification_type: 'Diploma in Electrical & Electronic Engineering',
  academic_result: 'CGPA 3.4',
  grad_year: '2024',
  english_qualification: 'MUET',
  english_score: '4.5',
  prev_employment: 'None',
  employment_details: '',
  prev_leadership: 'Student bodies or clubs',
  leadership_details: '',
  is_citizen: 'true',
  can_participate: 'true',
  can_device: 'true',
  can_relocate: 'true',
  resume: '',
  transcript: '',
  ...over,
});

test.beforeAll(async ({ request }) => {
  // Applicants send the form (through the public call the form makes): one born in 1990 who picked 25,
  // and three of a batch the admin confirms together.
  // A visitor token, as the site's form gets one: its own budget of submissions.
  const token = (await (await request.post('/api/forms/visitor-token/')).json()).token as string;
  const send = async (over: Record<string, string>) => {
    const res = await request.post('/api/sheet/submit-form/', { data: application(over), headers: { 'X-Visitor-Token': token } });
    expect(res.status(), await res.text()).toBe(201);
  };
  await send({ full_name: OLDER, email: `older.${tag}@example.com`, age: '25', dobYear: '1990 or earlier', phone: '+60 11-100 0001' });
  for (const n of [1, 2, 3]) await send({ full_name: `${BATCH} ${n}`, email: `batch${n}.${tag}@example.com`, phone: `+60 11-200 000${n}` });
});

for (const width of [1280, 360]) {
  test(`the admin sees the deciding answers, reopens a 'Not eligible' decision and confirms a filtered selection at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);

    // The flags of the applicant born in 1990, each with the answer that decided it.
    await page.goto('/admin/applications');
    await page.getByRole('searchbox').fill(OLDER);
    // The list has answered the search (a link clicked while it still reloads can be replaced under the pointer).
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: OLDER }).click();
    await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f]{32}$/);
    const screening = page.getByRole('region', { name: 'Screening' });
    const rule = (name: string) => screening.getByText(name, { exact: true }).locator('xpath=following-sibling::dd');
    await expect(rule('Aged 30 or below')).toHaveText(/^Not met\s*Born in 1990 or earlier: at least \d+ on 1 March 2027$/);
    await expect(rule('A diploma or degree')).toContainText('Diploma, graduation year 2024');
    await expect(rule('Unemployed')).toContainText('Previous employment: None');
    await expectAccessible(page);
    await expectFits(page, 'the application page');

    // Judged not eligible, rejected, then reopened with the reason.
    if (await screening.getByRole('button', { name: 'Confirm screening' }).isVisible()) {
      await screening.getByRole('radio', { name: 'Not eligible' }).check();
      await screening.getByRole('textbox', { name: /^Reason/ }).fill('Over the age limit');
      await screening.getByRole('button', { name: 'Confirm screening' }).click();
      await expect(notice(page, 'Screening confirmed: the application is now Screened.')).toBeVisible();
      await page.getByRole('group', { name: 'Actions on this application' }).getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Not eligible: over the age limit');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Rejected');
    await screening.getByRole('button', { name: 'Reopen screening' }).click();
    const reopen = screening.getByRole('form', { name: 'Reopen the screening' });
    await reopen.getByRole('textbox', { name: /Reason for reopening/ }).fill(`Birth year misread (${width})`);
    await expectAccessible(page);
    await reopen.getByRole('button', { name: 'Reopen screening' }).click();
    await expect(notice(page, 'Screening reopened: the application is Submitted again, to be screened anew.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Submitted');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(`Screening reopened: Birth year misread (${width})`);

    // The batch: filtered by search and 'To confirm', all selected, confirmed eligible in one action.
    await page.goto('/admin/applications?eligibility=unconfirmed');
    await page.getByRole('searchbox').fill(BATCH);
    if (width === 1280) {
      await expect(page.getByText('3 results')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await expect(bar).toContainText('3 selected');
      await bar.getByRole('button', { name: 'Confirm eligible' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm eligible' });
      await expect(dialog).toContainText('3 applications will be confirmed eligible');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(notice(page, '3 applications confirmed eligible: now Screened.')).toBeVisible();
      // They leave the 'To confirm' filter.
      await expect(page.getByText('No application matches your search.')).toBeVisible();
    } else {
      // Confirmed at 1280 px: none left to confirm; the list still fits a phone.
      await expect(page.getByText('No application matches your search.')).toBeVisible();
    }
    await page.goto(`/admin/applications?eligibility=eligible`);
    await page.getByRole('searchbox').fill(BATCH);
    await expect(page.getByText('3 results')).toBeVisible();
    await expectFits(page, 'the pipeline');
  });
}

test('the admissions overview fits at 1280 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  // A week of an intake at full stretch: applications moved into most states (the weekly table has
  // a column for each, the widest the page gets), through the product's own calls: the admin's and
  // the applicants' (their offer's private link).
  const token = (await (await request.post('/api/forms/visitor-token/')).json()).token as string;
  const emails = Array.from({ length: 8 }, (_, n) => `spread${n}.${tag}@example.com`);
  for (const [n, email] of emails.entries()) {
    const res = await request.post('/api/sheet/submit-form/', {
      data: application({ full_name: `Spread ${tag} ${n}`, email, phone: `+60 11-300 000${n}` }),
      headers: { 'X-Visitor-Token': token },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const cohortId = await createCohortThroughApi(page, `Overview Cohort ${tag}`);
  const moved = await page.evaluate(
    async ({ spread, cohort, acceptBy }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const headers = { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' };
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const list = await call('GET', `admissions/admin/applications?search_query=${encodeURIComponent(spread)}&page_size=100`);
      const ids: string[] = list.data.map((a: { id_slug: string }) => a.id_slug).sort();
      const staff = await call('GET', 'admissions/admin/staff');
      await call('POST', 'admissions/admin/screening', { application_ids: ids, eligible: true });
      await call('POST', 'admissions/admin/assignments', { application_ids: ids.slice(1), reviewer_ids: [staff.data[0].id_slug] });
      const decide = (i: number, decision: string, extra = {}) =>
        call('POST', 'admissions/admin/decisions', { application_ids: [ids[i]], decision, reason: 'Overview spread', ...extra });
      await decide(1, 'SHORTLIST');
      await decide(2, 'WAITLIST');
      await decide(3, 'REJECT');
      await decide(4, 'WITHDRAW');
      // The cohort takes this intake's Packaging applicants: its seats are set before offers name it.
      await call('PUT', `admissions/admin/intakes/youth-programme-2027/seats/${cohort}`, { track: 'Packaging', seats: 10 });
      await call('POST', 'admissions/admin/decisions', {
        application_ids: ids.slice(5),
        decision: 'OFFER',
        reason: 'Overview spread',
        cohort_id: cohort,
        accept_by: acceptBy,
      });
      // Two applicants answer through the private link of their offer mail (read from the development mailbox).
      const linkOf = async (id: string) => {
        for (let tries = 0; tries < 120; tries++) {
          const box = await call('GET', 'admin/mailbox');
          for (const m of box.results as { id: string; subject: string }[]) {
            if (!m.subject.startsWith('An offer of a place')) continue;
            const text: string = (await call('GET', `admin/mailbox/${m.id}`)).text ?? '';
            const found = new RegExp(`/applications/${id}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
            if (found) return found;
          }
          await new Promise((r) => setTimeout(r, 500));
        }
        throw new Error(`no offer mail for ${id}`);
      };
      await call('POST', `admissions/status/${ids[6]}/decline`, { token: await linkOf(ids[6]) });
      await call('POST', `admissions/status/${ids[7]}/accept`, { token: await linkOf(ids[7]) });
      return ids.length;
    },
    { spread: `Spread ${tag}`, cohort: cohortId, acceptBy: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  );
  expect(moved).toBe(8);
  await page.goto('/admin/applications/overview');
  await expect(page.getByRole('region', { name: 'Applications per week' }).getByRole('columnheader', { name: 'Declined' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funnel' }).getByRole('row').nth(1)).toContainText('Submitted');
  await expect(page.getByRole('region', { name: 'Applications per week' }).getByRole('table')).toBeVisible();
  // Nothing scrolls sideways: not the page, not a table inside it.
  const wide = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main *')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(wide).toEqual([]);
  await expectFits(page, 'the admissions overview');
});
