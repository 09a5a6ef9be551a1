import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, notice, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const HOST = `Penang Fab ${tag}`;
const REG = `PF-${tag}`;

test('an admin prepares the cohort’s evidence pack and downloads the ZIP; a trainee on a phone downloads their own PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const trainees = [await createAccount('STUDENT', `Evi${tag}a`), await createAccount('STUDENT', `Evi${tag}b`)];
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A cohort 130 days in (OJT in its second week), a host company and both trainees placed.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: `Evidence Cohort ${tag}`,
    start_date: days(-130),
    end_date: days(200),
    end_access_date: days(300),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  for (const t of trainees) await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: t.email });
  await adminCall(page, 'POST', 'host-companies/admin', { name: HOST, registration_number: REG, sites: [{ name: 'Fab 2' }] });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/placements/csv`, {
    csv: [
      'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
      ...trainees.map((t) => `${t.email},${REG},Fab 2,Encik Rahman,rahman.${tag}@example.com,+60 4-123 4567,40,`),
    ].join('\n'),
  });

  // The first trainee, on a 360 px phone, has logged and submitted week 1.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainees[0].email, trainees[0].password, /\/student$/);
  const [placement] = (await adminCall<{ data: { id_slug: string }[] }>(student, 'GET', 'placements/me')).data;
  const logbook = await adminCall<{ data: { weeks: { starts_on: string }[] } }>(
    student,
    'GET',
    `placements/me/${placement.id_slug}/logbook`,
  );
  await adminCall(student, 'PUT', `placements/me/${placement.id_slug}/logbook/1`, {
    days: [
      { date: logbook.data.weeks[0].starts_on, hours: 8, tasks: 'Loaded cassettes on the wet bench', job_role: '', evidence: 'Shift log' },
    ],
  });
  await adminCall(student, 'POST', `placements/me/${placement.id_slug}/logbook/1/submit`);

  // The admin prepares the cohort's pack on the Placements tab and downloads the ZIP once it is ready.
  await page.goto(`/admin/cohorts/${cohort}?tab=9`);
  const section = page.getByRole('region', { name: 'Evidence pack' });
  await expect(section.getByText('No evidence pack has been prepared yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Evidence PDF of ${trainees[0].first_name} Tester` })).toBeVisible();
  await section.getByRole('button', { name: 'Prepare the cohort’s evidence pack' }).click();
  await expect(notice(page, 'The evidence pack of 2 trainees is being prepared.')).toBeVisible();
  const zipLink = section.getByRole('link', { name: /^Download ZIP/ });
  await expect(zipLink).toBeVisible({ timeout: 90_000 });
  await expect(section.getByText('Ready')).toBeVisible();
  await expectAccessible(page);
  const [zip] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  expect(zip.suggestedFilename()).toBe(`Evidence pack Evidence Cohort ${tag}.zip`);
  const zipBytes = readFileSync((await zip.path())!);
  expect(zipBytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  // Two trainees' PDF and CSV and the cohort CSV.
  const listed = zipBytes.toString('latin1');
  expect(listed).toContain('cohort.csv');
  for (const t of trainees)
    for (const ext of ['pdf', 'csv']) expect(listed).toMatch(new RegExp(`evidence-${t.first_name.toLowerCase()}-tester-[^.]+\\.${ext}`));

  // The trainee downloads their own PDF from their logbook, on the phone.
  await student.goto(`/student/placements/${placement.id_slug}/logbook`);
  const own = student.getByRole('region', { name: 'Evidence pack' });
  await expect(own.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expectFits(student, 'the logbook with its evidence pack');
  await expectAccessible(student);
  const [pdf] = await Promise.all([student.waitForEvent('download'), own.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe('evidence-pack.pdf');
  const pdfBytes = readFileSync((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await phone.close();
});
