import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, notice, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const HOST = `Kulim Wafer ${tag}`;
const REG = `KW-${tag}`;

/** Today and nearby days as Malaysian dates (the school's calendar). */
const malaysiaDay = (n = 0) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
/** A Malaysian date as both apps write it: '28 June 2027'. */
const written = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a trainee on a 360 px phone logs applications and an offer; the coach records the host’s offer and reads the pipeline', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const trainee = await createAccount('STUDENT', `Car${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Coach${tag}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A cohort that started 250 days ago: its Online (119 days) and OJT (112 days) phases are over, career support is under way.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const cohortTitle = `Career Cohort ${tag}`;
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: cohortTitle,
    start_date: days(-250),
    end_date: days(100),
    end_access_date: days(200),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: trainee.email });
  await adminCall(page, 'POST', 'host-companies/admin', { name: HOST, registration_number: REG, sites: [{ name: 'Fab 2' }] });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/placements/csv`, {
    csv: [
      'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
      `${trainee.email},${REG},Fab 2,Puan Lim,lim.${tag}@example.com,+60 4-765 4321,40,${instructor.email}`,
    ].join('\n'),
  });
  const staff = await adminCall<{ data: { id_slug: string }[] }>(
    page,
    'GET',
    `cohorts/admin/${cohort}/coaches/candidates?search_query=${encodeURIComponent(instructor.email)}`,
  );
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/coaches`, { user_id_slug: staff.data[0].id_slug, trainee_id_slugs: [] });

  // The trainee, on a 360 px phone, opens career support from their home and sees its clock.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainee.email, trainee.password, /\/student$/);
  await student.getByRole('link', { name: 'Open my career support' }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'My career' })).toBeVisible();
  await expect(student.getByText(/^Day \d+ of 60$/)).toBeVisible();
  await expect(student.getByText('Your coach has not recorded an offer from your host company yet.')).toBeVisible();

  // A missing role is refused under its field.
  await student.getByLabel('Employer').fill('Intel Penang');
  await student.getByRole('button', { name: 'Log the application' }).click();
  await expect(student.getByText('Enter the role')).toBeVisible();

  // Three applications.
  const applications = [
    ['Intel Penang', 'Process technician', malaysiaDay(-6)],
    ['Infineon Kulim', 'Equipment technician', malaysiaDay(-4)],
    ['Bosch Penang', 'Test operator', malaysiaDay(-1)],
  ] as const;
  for (const [employer, role, applied] of applications) {
    await student.getByLabel('Employer').fill(employer);
    await student.getByRole('textbox', { name: /^Role\b/ }).fill(role);
    await student.getByLabel('Date applied').fill(applied);
    await student.getByRole('button', { name: 'Log the application' }).click();
    await expect(student.getByRole('listitem', { name: `${role} at ${employer}` })).toBeVisible();
    await expect(student.getByLabel('Employer')).toHaveValue('');
  }
  await expect(student.getByText(`Applied ${written(malaysiaDay(-6))}`)).toBeVisible();

  // Intel's application reaches an offer: it counts as this month's interview.
  const intel = student.getByRole('listitem', { name: 'Process technician at Intel Penang' });
  await intel.getByLabel('Stage of Process technician at Intel Penang').selectOption('OFFER');
  await intel.getByRole('button', { name: 'Update stage' }).click();
  await expect(intel.getByText(`Applied ${written(malaysiaDay(-6))} · now Offer`)).toBeVisible();
  await expect(intel.getByText(`Applied ${written(malaysiaDay())} → Offer ${written(malaysiaDay())}`)).toBeVisible();
  await expect(student.getByText('1 of 3')).toBeVisible();
  await expectFits(student, 'the career page with three applications');
  await expectAccessible(student);

  // The coach opens the trainee from My trainees and records the host's conversion offer.
  const coachContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coach = await coachContext.newPage();
  await signInAt(coach, instructor.email, instructor.password, /\/instructor$/);
  await coach.getByRole('link', { name: 'My trainees' }).click();
  await expect(coach.getByRole('link', { name: `Career pipeline of ${cohortTitle}` })).toBeVisible();
  await expectAccessible(coach);
  await coach.getByRole('link', { name: `Car${tag} Tester` }).click();
  await expect(coach.getByRole('heading', { level: 2, name: 'Career support' })).toBeVisible();
  await expect(coach.getByText(/^Day \d+ of 60$/)).toBeVisible();
  await expect(coach.getByText(`No offer recorded from ${HOST} yet.`)).toBeVisible();
  // Without a choice the offer is refused under the field.
  await coach.getByRole('button', { name: 'Record the offer' }).click();
  await expect(coach.getByText("Choose the host's offer")).toBeVisible();
  await coach.getByLabel(`Offer from ${HOST}`).selectOption('OFFERED');
  await coach.getByLabel('Date of the offer').fill(malaysiaDay(-2));
  await coach.getByLabel('Details of the offer (optional)').fill('Technician post at Fab 2');
  await coach.getByRole('button', { name: 'Record the offer' }).click();
  await expect(notice(coach, "The host's offer is recorded")).toBeVisible();
  const offers = coach.getByRole('list', { name: 'Conversion offers, newest first' });
  await expect(offers).toContainText(`Offered on ${written(malaysiaDay(-2))}`);
  await expect(offers).toContainText(`Recorded by Coach${tag} Tester`);
  await expect(coach.getByRole('cell', { name: 'Intel Penang' })).toBeVisible();
  await expectAccessible(coach);
  await coach.setViewportSize({ width: 360, height: 780 });
  await expectFits(coach, "the trainee's page with their career support");
  await coach.setViewportSize({ width: 1280, height: 900 });

  // The cohort's pipeline: the trainee's applications by stage, interviews this month, the host's offer.
  await coach.getByRole('link', { name: `Career pipeline of ${cohortTitle}` }).click();
  await expect(coach.getByRole('heading', { level: 1, name: 'Career pipeline' })).toBeVisible();
  const row = coach.getByRole('row', { name: new RegExp(`Car${tag} Tester`) });
  await expect(row.getByRole('cell')).toHaveText([
    `Car${tag} Tester`,
    /^Day \d+ of 60$/,
    '2',
    '0',
    '1',
    '0',
    '0',
    '1 of 3',
    written(malaysiaDay(-1)),
    'Offered',
  ]);
  await expectAccessible(coach);
  await coach.setViewportSize({ width: 360, height: 780 });
  await expectFits(coach, 'the career pipeline');
  await coachContext.close();

  // The trainee sees the host's offer.
  await student.reload();
  await expect(student.getByText(`on ${written(malaysiaDay(-2))} · Technician post at Fab 2`)).toBeVisible();
  await phone.close();
});
