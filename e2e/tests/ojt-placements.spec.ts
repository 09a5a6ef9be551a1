import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, notice, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const HOST = `Kulim Wafer ${tag}`;
const REG = `KW-${tag}`;

test('an admin adds a host company, places three trainees from a CSV, and a trainee on a phone sees the placement and logs and submits a week', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const trainees = [
    await createAccount('STUDENT', `Ojt${tag}a`),
    await createAccount('STUDENT', `Ojt${tag}b`),
    await createAccount('STUDENT', `Ojt${tag}c`),
  ];
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // The host company, added from the console's Host companies section.
  await page.goto('/admin/host-companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Host companies' })).toBeVisible();
  await page.getByRole('link', { name: 'Add host company' }).click();
  await page.getByLabel('Company name').fill(HOST);
  await page.getByLabel('Registration number').fill(REG);
  await page.getByLabel('Site 1 name').fill('Fab 2');
  await page.getByLabel('Site 1 address').fill('Kulim Hi-Tech Park, Kedah');
  await page.getByRole('button', { name: 'Add a contact' }).click();
  await page.getByLabel('Contact 1 name').fill('Puan Siti');
  await page.getByLabel('Contact 1 email').fill(`siti.${tag}@example.com`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add host company' }).click();
  await expect(notice(page, `${HOST} is saved.`)).toBeVisible();
  await page.getByRole('searchbox').fill(REG);
  await expect(page.getByRole('link', { name: HOST })).toBeVisible();

  // Three trainees placed from a CSV on the cohort's Placements tab: a wrong site is shown first, nothing written.
  // A cohort 130 days in: its 119-day Online phase is over and OJT is in its second week.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: `OJT Cohort ${tag}`,
    start_date: days(-130),
    end_date: days(200),
    end_access_date: days(300),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  for (const t of trainees) await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: t.email });
  const header =
    'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email';
  const row = (email: string, site: string) => `${email},${REG},${site},Encik Rahman,rahman.${tag}@example.com,+60 4-123 4567,40,`;
  await page.goto(`/admin/cohorts/${cohort}?tab=9`);
  await expect(page.getByRole('heading', { name: 'Place trainees from a CSV' })).toBeVisible();
  const upload = (rows: string[]) =>
    page
      .getByLabel('Placements CSV')
      .setInputFiles({ name: 'placements.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await upload([row(trainees[0].email, 'Fab 2'), row(trainees[1].email, 'Fab 9'), row(trainees[2].email, 'Fab 2')]);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 rows; 1 with problems: correct the file and preview it again.')).toBeVisible();
  await expect(page.getByRole('cell', { name: `The host company has no site of this name (${HOST})` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm and place 3 trainees' })).toBeDisabled();
  await upload(trainees.map((t) => row(t.email, 'Fab 2')));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 rows; no problems.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm and place 3 trainees' }).click();
  await expect(notice(page, '3 trainees placed, 0 placements replaced.')).toBeVisible();
  const placed = page.getByRole('list', { name: 'Placements' });
  await expect(placed.getByRole('listitem')).toHaveCount(3);
  await expect(placed.getByText(`${HOST}, Fab 2`).first()).toBeVisible();

  // The first trainee, on a 360 px phone, sees the host, the site, the dates and whom to call.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainees[0].email, trainees[0].password, /\/student$/);
  const card = student.getByRole('article', { name: `Placement with ${HOST}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('40 hours a week')).toBeVisible();
  await expect(card.getByRole('link', { name: '+60 4-123 4567' })).toBeVisible();
  await expectFits(student, 'the placement on the dashboard');
  await expectAccessible(student);

  // The logbook: week 1, one day logged with its job role and evidence, then submitted; it is read-only after.
  await card.getByRole('link', { name: 'Open logbook' }).click();
  await expect(student.getByText('0 hours', { exact: false }).first()).toBeVisible();
  await student.getByRole('link', { name: 'Week 1' }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'Week 1' })).toBeVisible();
  await student
    .getByLabel(/^Hours on /)
    .first()
    .fill('8');
  await student
    .getByLabel(/^Tasks on /)
    .first()
    .fill('Loaded cassettes on the wet bench; logged particle counts');
  await student
    .getByLabel(/^Job role on /)
    .first()
    .selectOption('Wafer Fab Process Engineer');
  await student
    .getByLabel(/^Evidence on /)
    .first()
    .fill('Shift log entries 14 to 18, initialled by the line lead');
  await expectFits(student, "the logbook's week");
  await expectAccessible(student);
  await student.getByRole('button', { name: 'Submit week' }).click();
  await expect(student.getByText('Submitted to your supervisor.')).toBeVisible();
  await expect(student.getByText(/Waiting for the supervisor/)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Submit week' })).toHaveCount(0);
  await expect(student.getByText('8 hours')).toBeVisible();
  await phone.close();

  // The cohort's placements tab counts the submitted hours.
  await page.reload();
  await expect(page.getByText(/8 h\s+logged of/)).toBeVisible();
});
