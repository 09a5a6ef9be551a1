import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { assignInstructor, signInAt } from '../support/cohort-setup';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.setTimeout(300_000);

const tag = Date.now().toString(36);

/** Last month in Malaysia time as `YYYY-MM`, its name as the console writes it, and a moment of it (day, 10:00 Malaysia time). */
function lastMonth() {
  const kl = new Date(Date.now() + 8 * 3_600_000);
  const first = new Date(Date.UTC(kl.getUTCFullYear(), kl.getUTCMonth() - 1, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth();
  return {
    month: `${y}-${String(m + 1).padStart(2, '0')}`,
    name: first.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    at: (day: number) => new Date(Date.UTC(y, m, day, 2)).toISOString(),
  };
}

/** The signed-in account's id_slug and a bearer token, through the login call. */
async function login(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login/', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { access: string; user: { id_slug: string } };
  return { slug: body.user.id_slug, headers: { Authorization: `Bearer ${body.access}` } };
}

/** A one-page medical certificate (PDF). */
async function medicalCertificate(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Medical certificate: unfit for duty, 4 to 10 of the month.', { x: 50, y: 700, size: 12, font });
  return Buffer.from(await pdf.save());
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/**
 * The allowance end to end in the console: a finance admin creates a programme and sets its rules from
 * last month, puts a cohort in it, and decides last month (one trainee withheld for attendance, one
 * pro-rated, one eligible); the cohort's coach proposes a medical exception with a certificate; a
 * second admin approves it, which corrects the month; the payment list equals the amounts shown.
 */
test('allowance: rules, the decided month, a coach’s medical exception approved by a second admin, the payment list, the trainee’s statement on a phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const last = lastMonth();
  const [second, coach, ana, ben, cai] = await Promise.all([
    createAccount('ADMIN', `Second${tag}`),
    createAccount('INSTRUCTOR', `Coach${tag}`),
    createAccount('STUDENT', `Ana${tag}`),
    createAccount('STUDENT', `Ben${tag}`),
    createAccount('STUDENT', `Cai${tag}`),
  ]);
  const names = { ana: `Ana${tag} Tester`, ben: `Ben${tag} Tester`, cai: `Cai${tag} Tester` };
  const programme = `Semiconductor talent ${tag}`;

  // The finance admin (the demo admin holds the permission) creates the programme: RM 2,500 a month.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Allowance', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Allowance' })).toBeVisible();
  const create = page.getByRole('form', { name: 'New programme' });
  await create.getByRole('button', { name: 'Create programme' }).click();
  await expect(create.getByText('Title is required')).toBeVisible();
  await create.getByLabel(/^Title/).fill(programme);
  await create.getByLabel(/^Monthly amount \(RM\)/).fill('2500');
  await create.getByRole('button', { name: 'Create programme' }).click();
  await expect(notice(page, `Programme "${programme}" created with the default rules from this month.`)).toBeVisible();
  await expectAccessible(page);

  // Its rules from last month: attendance 75% (pro-rated from 50%), at most 3 absences in a row; hand-ins not counted.
  await page.getByRole('link', { name: programme }).click();
  await expect(page.getByRole('heading', { level: 1, name: programme })).toBeVisible();
  await expect(page.getByText('RM 2,500.00 a month')).toBeVisible();
  const rules = page.getByRole('form', { name: 'Change the rules' });
  await rules.getByLabel(/^Effective from/).fill(last.month);
  await rules.getByLabel('Pro-rated from (%)').fill('80');
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(rules.getByText('Pro-rating starts below the least attendance')).toBeVisible();
  await rules.getByLabel('Pro-rated from (%)').fill('50');
  await rules.getByLabel('Count mandatory hand-ins due in the month').uncheck();
  await rules.getByLabel('Note').fill('As agreed with the funder');
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(notice(page, `The rules from ${last.name} are saved.`)).toBeVisible();
  const version = page.getByRole('article', { name: `From ${last.name}` });
  await expect(version).toContainText('Attendance at least 75% of counted sessions; pro-rated from 50%');
  await expect(version).toContainText('Hand-ins: not counted');
  await expectAccessible(page);

  // A cohort that started 70 days ago with three trainees, its coach added on the Instructors tab.
  const cohortId = await page.evaluate(
    async ({ title, emails }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const headers = { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' };
      const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
      const courses = await (await fetch('/api/courses/admin/list?page=1&page_size=1', { headers })).json();
      const made = await fetch('/api/cohorts/admin/create/', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title,
          start_date: days(-70),
          end_date: days(60),
          end_access_date: days(90),
          result_open_date: null,
          course_ids: [courses.data[0].id_slug],
        }),
      });
      const id = (await made.json()).id_slug as string;
      for (const email of emails) {
        const res = await fetch(`/api/cohorts/admin/${id}/add-student`, { method: 'POST', headers, body: JSON.stringify({ email }) });
        if (!res.ok) throw new Error(`add: ${await res.text()}`);
      }
      return id;
    },
    { title: `Allowance cohort ${tag}`, emails: [ana.email, ben.email, cai.email] },
  );
  await page.goto(`/admin/cohorts/${cohortId}`);
  await assignInstructor(page, coach.email);

  // Four mandatory sessions last month, marked from the paper sheet by the coach.
  const coachApi = await login(request, coach.email, coach.password);
  const slugs = {
    ana: (await login(request, ana.email, ana.password)).slug,
    ben: (await login(request, ben.email, ben.password)).slug,
    cai: (await login(request, cai.email, cai.password)).slug,
  };
  const marks: Record<keyof typeof slugs, string[]> = {
    ana: ['PRESENT', 'PRESENT', 'LATE', 'PRESENT'],
    ben: ['PRESENT', 'ABSENT', 'PRESENT', 'ABSENT'],
    cai: ['PRESENT', 'ABSENT', 'ABSENT', 'ABSENT'],
  };
  for (const [i, day] of [3, 5, 8, 10].entries()) {
    const made = await request.post(`/api/cohorts/admin/${cohortId}/sessions`, {
      headers: coachApi.headers,
      data: {
        title: `Cleanroom day ${day}`,
        starts_at: last.at(day),
        duration_minutes: 60,
        mode: 'ON_SITE',
        place: 'Lab 2',
        mandatory: true,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const session = (await made.json()) as { id_slug: string };
    for (const who of Object.keys(slugs) as (keyof typeof slugs)[]) {
      const marked = await request.post(`/api/cohorts/admin/${cohortId}/sessions/${session.id_slug}/register`, {
        headers: coachApi.headers,
        data: { user_id_slug: slugs[who], status: marks[who][i], reason: 'From the paper sheet' },
      });
      expect(marked.status(), await marked.text()).toBe(200);
    }
  }

  // The Allowance tab: the cohort goes in the programme, and last month is decided.
  await page.getByRole('tab', { name: 'Allowance' }).click();
  await page.getByLabel('Allowance programme').selectOption({ label: programme });
  await expect(notice(page, `The cohort is now in ${programme}.`)).toBeVisible();
  await page.getByLabel(/^Month/).fill(last.month);
  await expect(page.getByText(`${programme} · Not decided yet`)).toBeVisible();
  await page.getByRole('button', { name: 'Decide this month' }).click();
  const confirm = page.getByRole('dialog', { name: `Decide ${last.name}?` });
  await confirm.getByRole('button', { name: 'Decide this month' }).click();
  await expect(page.getByText(`${last.name} decided for 3 trainees.`)).toBeVisible();
  await expect(row(page, names.cai)).toContainText('Withheld');
  await expect(row(page, names.cai)).toContainText('RM 0.00');
  await expect(row(page, names.cai)).toContainText('1/4 (25%)');
  await expect(row(page, names.ben)).toContainText('Pro-rated');
  await expect(row(page, names.ben)).toContainText('RM 1,250.00');
  await expect(row(page, names.ana)).toContainText('Eligible');
  await expect(row(page, names.ana)).toContainText('RM 2,500.00');
  // The trace names every session's mark and the entry it came from.
  await row(page, names.cai).getByText(`Trace for ${names.cai}`).click();
  await expect(row(page, names.cai).getByText(/^Cleanroom day 10, .*: Absent \(entry \d+\)$/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('allowance-tab-1280.png'), fullPage: true });

  // The coach proposes a medical exception for the withheld trainee, with the certificate.
  const coachPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAt(coachPage, coach.email, coach.password, /\/instructor/);
  await coachPage.getByRole('link', { name: `Allowance of Allowance cohort ${tag}` }).click();
  await coachPage.getByLabel(/^Month/).fill(last.month);
  await expect(row(coachPage, names.cai)).toContainText('Withheld');
  // No amounts without the finance permission.
  await expect(coachPage.getByRole('columnheader', { name: 'Amount' })).toHaveCount(0);
  await coachPage.getByRole('button', { name: `Propose an exception for ${names.cai}` }).click();
  const propose = coachPage.getByRole('dialog', { name: `Propose an exception: ${names.cai}, ${last.name}` });
  await expect(propose.getByLabel('Kind')).toHaveValue('EXCUSE_ABSENCES');
  await propose.getByLabel(/^Reason/).fill('Medical leave from the 4th to the 10th: certificate attached');
  await propose
    .getByLabel(/^Attachment/)
    .setInputFiles({ name: 'medical-certificate.pdf', mimeType: 'application/pdf', buffer: await medicalCertificate() });
  await propose.getByRole('button', { name: 'Propose' }).click();
  await expect(notice(coachPage, `Exception proposed for ${names.cai}: a second admin decides it.`)).toBeVisible();
  await expectAccessible(coachPage);

  // A second admin approves it on the queue.
  const secondPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAt(secondPage, second.email, second.password, /\/admin/);
  await secondPage.goto('/admin/allowance/exceptions');
  const card = secondPage
    .getByRole('listitem')
    .filter({ has: secondPage.getByRole('heading', { name: `${names.cai}: Excuse the month's absences` }) });
  await expect(card).toContainText('medical-certificate.pdf');
  await expect(card).toContainText(`Coach${tag} Tester`);
  await expectAccessible(secondPage);
  await card.getByLabel(/^Note on the decision/).fill('Certificate checked');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(notice(secondPage, `Approved: Excuse the month's absences for ${names.cai}, ${last.name}.`)).toBeVisible();

  // The finance admin sees the corrected month: the excused sessions left out, the decision reversed and replaced.
  await page.reload();
  await page.getByLabel(/^Month/).fill(last.month);
  await expect(row(page, names.cai)).toContainText('Eligible');
  await expect(row(page, names.cai)).toContainText('RM 2,500.00');
  await row(page, names.cai).getByText(`Trace for ${names.cai}`).click();
  await expect(row(page, names.cai).getByText(/^Reversal of /)).toBeVisible();

  // The payment list equals the amounts shown.
  const shown: Record<string, string> = {};
  for (const name of Object.values(names)) {
    const amount = await row(page, name).locator('td[data-label="Amount"]').innerText();
    shown[name] = amount.replace(/^RM /, '').replace(/,/g, '');
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Payment list (CSV)' }).click()]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const rows: Record<string, string>[] = parse(csv, { columns: true });
  expect(Object.fromEntries(rows.map((r) => [r.Trainee, r['Amount (RM)']]))).toEqual(shown);
  expect(shown).toEqual({ [names.ana]: '2500.00', [names.ben]: '1250.00', [names.cai]: '2500.00' });

  // On a phone the month's rows become cards that fit the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
  await secondPage.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(secondPage);

  // The trainee on a phone: this month so far from the dashboard, and last month's corrected statement as a PDF.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(phone, cai.email, cai.password, `Cai${tag}`);
  await phone.getByRole('link', { name: 'Open my allowance' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'My allowance' })).toBeVisible();
  await expect(phone.getByRole('heading', { level: 2, name: /^\w+ \d{4} so far$/ })).toBeVisible();
  const statement = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: last.name }) });
  await expect(statement).toContainText('Eligible');
  await expect(statement).toContainText('RM 2,500.00');
  const [pdf] = await Promise.all([
    phone.waitForEvent('download'),
    statement.getByRole('button', { name: 'Download statement (PDF)' }).click(),
  ]);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(phone);
});
