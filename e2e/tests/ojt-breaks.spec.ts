import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, notice, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const HOST = `Penang Fab ${tag}`;
const REG = `PF-${tag}`;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** A Malaysian date as both apps write it: '28 June 2027'. */
const written = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a coach records a break and the trainee on a 360 px phone sees their later dates moved', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const trainee = await createAccount('STUDENT', `Brk${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Coach${tag}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A cohort 130 days in (OJT in its second week), the trainee placed with the instructor as their coach.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: `Breaks Cohort ${tag}`,
    start_date: days(-130),
    end_date: days(200),
    end_access_date: days(300),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: trainee.email });
  await adminCall(page, 'POST', 'host-companies/admin', { name: HOST, registration_number: REG, sites: [{ name: 'Fab 3' }] });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/placements/csv`, {
    csv: [
      'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
      `${trainee.email},${REG},Fab 3,Puan Lim,lim.${tag}@example.com,+60 4-765 4321,40,${instructor.email}`,
    ].join('\n'),
  });
  const staff = await adminCall<{ data: { id_slug: string }[] }>(
    page,
    'GET',
    `cohorts/admin/${cohort}/coaches/candidates?search_query=${encodeURIComponent(instructor.email)}`,
  );
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/coaches`, { user_id_slug: staff.data[0].id_slug, trainee_id_slugs: [] });
  const placements = await adminCall<{ data: { starts_on: string; ends_on: string }[] }>(page, 'GET', `cohorts/admin/${cohort}/placements`);
  const { starts_on: start, ends_on: end } = placements.data[0];

  // The trainee, on a 360 px phone, sees their OJT dates.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainee.email, trainee.password, /\/student$/);
  const card = student.getByRole('article', { name: `Placement with ${HOST}` });
  await expect(card.getByText(`${written(start)} to ${written(end)}`)).toBeVisible();

  // The coach opens the trainee from My trainees and records five days of illness in week 1.
  const coachContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coach = await coachContext.newPage();
  await signInAt(coach, instructor.email, instructor.password, /\/instructor$/);
  await coach.getByRole('link', { name: 'My trainees' }).click();
  await coach.getByRole('link', { name: `Brk${tag} Tester` }).click();
  await expect(coach.getByRole('heading', { level: 2, name: 'Placement' })).toBeVisible();
  // The coach downloads the trainee's evidence pack from here too.
  const [pack] = await Promise.all([
    coach.waitForEvent('download'),
    coach.getByRole('button', { name: `Evidence PDF of Brk${tag} Tester` }).click(),
  ]);
  expect(pack.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(coach.getByText('No break recorded.')).toBeVisible();
  // A last day before the first is refused under the field.
  await coach.getByLabel('First day').fill(addDays(start, 6));
  await coach.getByLabel('Last day').fill(addDays(start, 2));
  await coach.getByLabel('Reason').selectOption('ILLNESS');
  await coach.getByRole('button', { name: 'Record the break' }).click();
  await expect(coach.getByText('The last day cannot be before the first day')).toBeVisible();
  await coach.getByLabel('First day').fill(addDays(start, 2));
  await coach.getByLabel('Last day').fill(addDays(start, 6));
  await coach.getByLabel('Note').fill('Dengue fever, medical certificate on file');
  await coach.getByRole('button', { name: 'Record the break' }).click();
  await expect(notice(coach, `Break recorded: the trainee’s OJT now ends on ${written(addDays(end, 5))}`)).toBeVisible();
  const breaks = coach.getByRole('list', { name: 'Breaks' });
  await expect(breaks).toContainText(`Illness: ${written(addDays(start, 2))} – ${written(addDays(start, 6))} (5 days)`);
  await expect(breaks).toContainText(`Recorded by Coach${tag} Tester`);
  await expectAccessible(coach);
  await coachContext.close();

  // The trainee's dates have moved: the placement ends five days later, week 1's target is cut to 2/7.
  await student.reload();
  await expect(card.getByText(`${written(start)} to ${written(addDays(end, 5))}`)).toBeVisible();
  await expect(card.getByText(`Illness: ${written(addDays(start, 2))} to ${written(addDays(start, 6))} (5 days)`)).toBeVisible();
  await expectFits(student, 'the placement with its break');
  await card.getByRole('link', { name: 'Open logbook' }).click();
  await expect(student.getByText(`Your on-the-job training runs to ${written(addDays(end, 5))}.`)).toBeVisible();
  await expect(student.getByText('Break 5 days · target 11.4 h')).toBeVisible();
  await expect(student.getByText(/of the 11\.4 hours due so far/)).toBeVisible();
  await expectFits(student, 'the logbook with a break');
  await expectAccessible(student);
  await phone.close();
});
