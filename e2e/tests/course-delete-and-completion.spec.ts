import { expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';

/**
 * An admin deletes a course no cohort uses (one a cohort uses is refused, saying which cohorts), and
 * marks a student's enrolment as completed; at a desktop and a phone width.
 */
const DEMO_COURSE = 'Digital IC Design Fundamentals';

/** Calls the API with the signed-in admin's session of `page`; answers the JSON body. */
async function api(page: Page, method: string, path: string, body?: object): Promise<Record<string, unknown>> {
  return page.evaluate(
    async (call) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access } = await refresh.json();
      const res = await fetch(`/api/${call.path}`, {
        method: call.method,
        headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      return res.json();
    },
    { method, path, body },
  );
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('an admin deletes a course no cohort uses, and is told which cohorts keep one', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      const title = `Scratch course ${width} ${Date.now()}`;
      const created = await api(page, 'POST', 'courses/admin/create/', { title, description: '' });
      await page.goto(`/admin/courses/${created.id_slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete course' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete course' });
      await expect(dialog).toContainText(`Delete "${title}" with its modules and lessons? This action is permanent.`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Delete course' }).click();
      await expect(page).toHaveURL(/\/admin\/courses$/);
      await expect(notice(page, `Course deleted: ${title}.`)).toBeVisible();
      await page.goto(`/admin/courses?search=${encodeURIComponent(title)}`);
      await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);

      // The demo course is taught: it stays, and the admin reads why.
      await page.goto(`/admin/courses?search=${encodeURIComponent(DEMO_COURSE)}`);
      await page.getByRole('link', { name: DEMO_COURSE, exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: DEMO_COURSE })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete course' }).click();
      await expect(page.locator('.ui-notices').getByText(/^This course cannot be deleted: it is used by the cohorts? /)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: DEMO_COURSE })).toBeVisible();
    });

    test("an admin marks a student's enrolment as completed", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      const cohortId = await createCohortThroughApi(page, `Completion cohort ${width} ${Date.now()}`);
      const student = await createAccount('STUDENT', 'Completer');
      await api(page, 'POST', `cohorts/admin/${cohortId}/add-student`, { email: student.email });
      await page.goto(`/admin/cohorts/${cohortId}?tab=2`);
      const complete = page.getByRole('button', { name: 'Mark as completed Completer Tester' });
      await expect(complete).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page);
      await complete.click();
      const dialog = page.getByRole('dialog', { name: 'Mark this enrolment as completed?' });
      await dialog.getByRole('button', { name: 'Mark as completed' }).click();
      await expect(notice(page, 'Enrolment marked as completed: Completer Tester.')).toBeVisible();
      // Final: neither completed again nor suspended.
      await expect(page.getByRole('button', { name: 'Mark as completed Completer Tester' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Suspend student Completer Tester' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove Completer Tester' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
