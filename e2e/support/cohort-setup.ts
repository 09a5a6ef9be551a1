import { expect, type Page } from '@playwright/test';
import { notice } from './admin';

/** A `datetime-local` value `days` from now. */
export function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * A running cohort (started yesterday, ending in 60 days, access for 90) on the first demo course,
 * made through the API with the signed-in admin's session of `page`; answers its id_slug.
 */
export async function createCohortThroughApi(page: Page, title: string): Promise<string> {
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const id = await page.evaluate(
    async ({ cohortTitle, start, end, access }) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const courses = await (await fetch('/api/courses/admin/list?page=1&page_size=1', { headers })).json();
      const res = await fetch('/api/cohorts/admin/create/', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: cohortTitle,
          start_date: start,
          end_date: end,
          end_access_date: access,
          result_open_date: null,
          course_ids: [courses.data[0].id_slug],
        }),
      });
      return (await res.json()).id_slug as string;
    },
    { cohortTitle: title, start: days(-1), end: days(60), access: days(90) },
  );
  expect(id).toBeTruthy();
  return id;
}

/** Signs in through the login page and waits for the account's home. */
export async function signInAt(page: Page, email: string, password: string, home: RegExp) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(home);
  await page.waitForLoadState('networkidle');
}

/**
 * On an open admin cohort page: adds the staff account with this email as an instructor from the
 * Instructors tab, and waits for it to be listed.
 */
export async function assignInstructor(admin: Page, email: string) {
  await admin.getByRole('tab', { name: 'Instructors' }).click();
  await admin.getByRole('searchbox', { name: 'Search staff' }).fill(email);
  const candidates = admin.getByRole('list', { name: 'Staff not teaching this cohort' });
  await candidates.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: /^Add / }).click();
  await expect(admin.locator('.ui-notices').getByText(/now teaches/)).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Instructors' }).getByText(email, { exact: false })).toBeVisible();
}

/**
 * As a signed-in admin: a running cohort on one course (started yesterday), its instructor linked
 * and one student added from the add-students page.
 */
export async function createTaughtCohort(
  admin: Page,
  c: { title: string; course: string; instructorEmail: string; studentEmail: string; studentName: string },
) {
  await admin.goto('/admin/create/cohort');
  await admin.getByLabel('Cohort title').fill(c.title);
  await admin.getByLabel('Start date').fill(localDateTime(-1));
  await admin.getByLabel(/^End date/).fill(localDateTime(60));
  await admin.getByLabel('End of access date').fill(localDateTime(90));
  await admin.getByRole('button', { name: `Add ${c.course}` }).click();
  await admin.getByRole('button', { name: 'Create cohort' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  await assignInstructor(admin, c.instructorEmail);
  await admin.getByRole('tab', { name: 'Students' }).click();
  await admin.getByRole('link', { name: 'Add students' }).click();
  const individual = admin.getByRole('region', { name: 'Students not in the cohort' });
  await individual.getByRole('searchbox').fill(c.studentEmail);
  await individual.getByRole('button', { name: `Add ${c.studentName}` }).click();
  await expect(notice(admin, 'Success! Student is added to the cohort!')).toBeVisible();
}

/** Opens the cohort's grade items page from the cohort list. */
export async function openGradeItems(page: Page, cohortTitle: string) {
  await page.goto('/admin/cohorts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(cohortTitle);
  await page.getByRole('link', { name: cohortTitle }).click();
  await page.getByRole('link', { name: 'Grade items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grade items' })).toBeVisible();
}

/** Sets a lesson's grade item: open half a day ago, deadline in two days, results in five, weight 100, mandatory. */
export async function setOpenGradeItem(admin: Page, cohortTitle: string, lessonTitle: string) {
  await openGradeItems(admin, cohortTitle);
  await admin.getByRole('button', { name: `Edit ${lessonTitle}` }).click();
  await admin.getByLabel('Open date').fill(localDateTime(-0.5));
  await admin.getByLabel('Deadline', { exact: true }).fill(localDateTime(2));
  await admin.getByLabel('Result date').fill(localDateTime(5));
  await admin.getByLabel('Weight (%)').fill('100');
  await admin.getByRole('button', { name: 'Save grade item' }).click();
  await expect(admin.getByText(/weight 100% · Mandatory/)).toBeVisible();
}

/**
 * Closes a lesson's grade item and moves its result date just into the past, so its grades are
 * released (a result date may not come before the deadline).
 */
export async function releaseResults(admin: Page, cohortTitle: string, lessonTitle: string) {
  await openGradeItems(admin, cohortTitle);
  await admin.getByRole('button', { name: `Edit ${lessonTitle}` }).click();
  await admin.getByLabel('Deadline', { exact: true }).fill(localDateTime(-0.02));
  await admin.getByLabel('Result date').fill(localDateTime(-0.01));
  await admin.getByRole('button', { name: 'Save grade item' }).click();
  await expect(notice(admin, `Grade item saved: ${lessonTitle}.`)).toBeVisible();
}
