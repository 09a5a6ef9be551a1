import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.setTimeout(240_000);

const tag = Date.now().toString(36);
const TITLE = `Lab closed on Friday ${tag}`;

test('an instructor posts to two cohorts; a student on a phone sees it on the dashboard and class page, opens it and the count clears; the mail arrives', async ({
  browser,
}) => {
  const instructor = await createAccount('INSTRUCTOR', `Inst${tag}`);
  const student = await createAccount('STUDENT', `Ana${tag}`);

  // An admin makes two cohorts, teaches them with the instructor and enrols the student in both, through the API.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsAdmin(admin);
  const cohorts = [await createCohortThroughApi(admin, `Announce A ${tag}`), await createCohortThroughApi(admin, `Announce B ${tag}`)];
  const [found] = (
    await adminCall<{ data: { id_slug: string; email: string }[] }>(
      admin,
      'GET',
      `cohorts/admin/${cohorts[0]}/instructors/candidates?search_query=${encodeURIComponent(instructor.email)}`,
    )
  ).data;
  expect(found.email).toBe(instructor.email);
  for (const c of cohorts) {
    await adminCall(admin, 'POST', `cohorts/admin/${c}/instructors`, { user_id_slug: found.id_slug });
    await adminCall(admin, 'POST', `cohorts/admin/${c}/add-student`, { email: student.email });
  }

  // The instructor posts to both cohorts from their home.
  const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAt(teacher, instructor.email, instructor.password, /\/instructor$/);
  await teacher.getByRole('link', { name: 'Announcements' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await teacher.getByLabel('Title').fill(TITLE);
  await teacher
    .getByLabel('Message')
    .fill('The lab is closed for maintenance.\nDetails: https://example.org/lab <script>alert(1)</script>');
  await teacher.getByRole('checkbox', { name: `Announce A ${tag}` }).check();
  await teacher.getByRole('checkbox', { name: `Announce B ${tag}` }).check();
  await expectAccessible(teacher);
  await teacher.getByRole('button', { name: 'Post now' }).click();
  await expect(teacher.getByText('Announcement posted.')).toBeVisible();
  const posted = teacher.getByRole('listitem').filter({ hasText: TITLE });
  await expect(posted).toContainText(`Announce A ${tag}, Announce B ${tag}`);
  await expectAccessible(teacher);

  // The student, on a 360 px phone: one unread on the dashboard.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(phone, student.email, student.password, `Ana${tag}`);
  const dashboardList = phone.getByRole('region', { name: /^Announcements/ });
  await expect(dashboardList.getByText('1 unread')).toBeVisible();
  await expect(dashboardList.getByText(TITLE)).toBeVisible();
  await expectAccessible(phone);
  await expectFits(phone, 'the dashboard');

  // The class page lists it too; opening it shows the text as written (the markup as text, the address as a link) and clears the count.
  await phone.goto(`/class/${cohorts[0]}`);
  const classList = phone.getByRole('region', { name: /^Announcements/ });
  await expect(classList.getByText('1 unread')).toBeVisible();
  await expectAccessible(phone);
  await expectFits(phone, 'the class page');
  await classList.getByText(TITLE).click();
  await expect(classList.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
  await expect(classList.getByRole('link', { name: 'https://example.org/lab' })).toBeVisible();
  await expect(classList.getByText('1 unread')).toHaveCount(0);
  await expectAccessible(phone);
  await expectFits(phone, 'the class page with the announcement open');
  await phone.goto('/student');
  await expect(phone.getByRole('region', { name: /^Announcements/ }).getByText(TITLE)).toBeVisible();
  await expect(phone.getByText(/\d+ unread/)).toHaveCount(0);

  // The mail reached the student once (both cohorts, one message) in the development mailbox.
  await expect
    .poll(
      async () =>
        (
          await adminCall<{ results: { to: string; subject: string }[] }>(
            admin,
            'GET',
            `admin/mailbox?search_query=${encodeURIComponent(student.email)}`,
          )
        ).results.filter((m) => m.subject.endsWith(TITLE)).length,
      { timeout: 90_000 },
    )
    .toBe(1);
});
