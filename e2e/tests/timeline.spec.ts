import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, signInAsAdmin } from '../support/admin';
import { localDateTime, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const COURSE = `Metrology ${tag}`;
const QUIZ = `Overlay check ${tag}`;
const COHORT = `Metrology Cohort ${tag}`;
const SESSION = `Overlay clinic ${tag}`;

test('an admin makes a cohort from a dated course, moves its start a week after a preview, and the student sees the new dates on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const trainee = await createAccount('STUDENT', `Sched${tag}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // The course: a quiz due two weeks into the Online phase at 23:59, its template set once for every cohort.
  const course = await adminCall<{ id_slug: string }>(page, 'POST', 'courses/admin/create/', { title: COURSE });
  await adminCall(page, 'POST', `courses/admin/${course.id_slug}/add-module/`, { title: 'Overlay', order: 0 });
  const detail = await adminCall<{ data: { modules: { id_slug: string; title: string }[] } }>(
    page,
    'GET',
    `courses/admin/${course.id_slug}`,
  );
  const module = detail.data.modules[0];
  await adminCall(page, 'PUT', `courses/admin/${course.id_slug}/modules/update/`, {
    modules: [{ id_slug: module.id_slug, title: module.title, order: 0, lessons: [{ title: QUIZ, order: 0, lesson_type: 'QUIZ' }] }],
  });
  const lessons = await adminCall<{ data: { modules: { lessons: { id_slug: string }[] }[] } }>(
    page,
    'GET',
    `courses/admin/${course.id_slug}`,
  );
  const quiz = lessons.data.modules[0].lessons[0].id_slug;
  await adminCall(page, 'PUT', `courses/admin/lessons/${quiz}/date-template`, {
    open: { anchor: { kind: 'COHORT_START' }, offset: { amount: 0, unit: 'DAYS', at: '09:00' } },
    deadline: { anchor: { kind: 'PHASE_START', phase: 'ONLINE' }, offset: { amount: 2, unit: 'WEEKS', at: '23:59' } },
    late: null,
    result: { anchor: { kind: 'ITEM', item_key: 'deadline' }, offset: { amount: 1, unit: 'SCHOOL_DAYS', at: '09:00' } },
  });

  // The cohort, made on the console's form with that course: its quiz is dated at once.
  await page.goto('/admin/create/cohort');
  await page.getByLabel('Cohort title').fill(COHORT);
  await page.getByLabel('Start date').fill(localDateTime(-1));
  await page.getByLabel(/^End date/).fill(localDateTime(100));
  await page.getByLabel('End of access date').fill(localDateTime(200));
  await page.getByRole('button', { name: `Add ${COURSE}` }).click();
  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
  const cohort = page.url().split('/').pop()!;
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: trainee.email });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/sessions`, {
    title: SESSION,
    starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    duration_minutes: 60,
    mode: 'ONLINE',
    meeting_url: 'https://meet.example.com/overlay',
    mandatory: true,
    facilitator_id_slugs: [],
  });

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const dates = page.getByRole('region', { name: 'Dates' });
  const deadline = dates.getByRole('listitem').filter({ has: page.getByText(`${QUIZ} deadline`, { exact: true }) });
  await expect(deadline).toContainText('Online start + 2 weeks at 23:59');
  const before = (await deadline.innerText()).trim();
  await expectAccessible(page);

  // Move the start a week: the preview lists what moves and who is told; then every date moves.
  await page.getByRole('button', { name: 'Change the start, holidays or phases' }).click();
  const header = page.getByRole('form', { name: 'Start, holidays and phases' });
  const start = header.getByLabel('Start date');
  const first = await start.inputValue();
  const later = new Date(Date.parse(`${first}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await start.fill(later);
  await header.getByRole('button', { name: 'Preview changes' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the change' });
  await expect(preview.getByRole('list', { name: 'Dates that move' }).getByText(new RegExp(`^${QUIZ} deadline`))).toBeVisible();
  await expect(preview.getByText('1 student will get one email listing their changes.')).toBeVisible();
  await preview.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.ui-notices').getByText(/^Timeline saved: \d+ dates moved, 1 student told\.$/)).toBeVisible();
  await expect(deadline).not.toHaveText(before);

  // One mail to the student, listing the moved deadline.
  await expect
    .poll(async () => {
      const box = await adminCall<{ results: { to: string; subject: string }[] }>(page, 'GET', 'admin/mailbox');
      return box.results.filter((m) => m.to === trainee.email && m.subject === `Your dates in ${COHORT} have changed`).length;
    })
    .toBe(1);

  // The student on a phone: the schedule tab, and this week's session on the class page.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainee.email, trainee.password, /\/student$/);
  await student.goto(`/class/${cohort}?tab=schedule`);
  await expect(student.getByRole('tab', { name: 'Schedule', selected: true })).toBeVisible();
  await expect(student.getByText(QUIZ).first()).toBeVisible();
  await expectFits(student, 'the schedule');
  await expectAccessible(student);
  await student.getByRole('tab', { name: 'Learn' }).click();
  const week = student.getByRole('region', { name: 'This week' });
  await expect(week.getByText(SESSION)).toBeVisible();
  await expectFits(student, 'the class page');
  await phone.close();
});
