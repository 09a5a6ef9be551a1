import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { DEMO } from '../support/demo';
import { expectFits } from '../support/fit';

/**
 * Every page of the admin console, the instructors' pages and the learner portal, at a desktop and a
 * phone width: nothing scrolls sideways, is cut off at the screen's edge, hides in a scrolling tab
 * bar, or has its text clipped (the public pages are walked the same way in public-site.spec.ts).
 * The demo school's own records are only read here.
 */
const COHORT = 'Semiconductor Talent Programme: Cohort 1';
const COURSE = 'Digital IC Design Fundamentals';

/** Opens a page and waits until its heading and its data are there. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first(), path).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .ui-loading, main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** Each tab of the page's tab bar in turn, checked once its panel shows. */
async function eachTab(page: Page, what: string) {
  const names = await page.getByRole('tab').allInnerTexts();
  for (const tab of names) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFits(page, `${what}, tab ${tab}`, { soft: true });
  }
}

/** The id at the end of the address the link leads to. */
async function idFrom(page: Page, listPath: string, linkName: string): Promise<string> {
  // Other tests add cohorts and courses: the list is searched by name rather than read from its first page.
  await open(page, `${listPath}?search=${encodeURIComponent(linkName)}`);
  const href = await page.getByRole('link', { name: linkName, exact: true }).first().getAttribute('href');
  return href!.split('?')[0].split('/').pop()!;
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every admin page fits the screen and shows its controls whole', async ({ page }) => {
      test.setTimeout(300_000);
      await signInAsAdmin(page);
      const cohortId = await idFrom(page, '/admin/cohorts', COHORT);
      const courseId = await idFrom(page, '/admin/courses', COURSE);
      for (const path of [
        '/admin',
        '/admin/courses',
        '/admin/cohorts',
        '/admin/students',
        '/admin/create/course',
        '/admin/create/cohort',
        '/admin/lessons-library',
        '/admin/analytics',
        '/admin/settings',
        '/admin/certifications',
        '/admin/applications',
        '/admin/applications/overview',
        '/admin/applications/ranking',
        '/admin/applications/rubric',
        '/admin/reviews',
        '/admin/grading',
        `/admin/grading/${cohortId}`,
        `/admin/gradebook/${cohortId}`,
        `/admin/cohorts/${cohortId}/grade-items`,
        `/admin/cohorts/${cohortId}/add-student`,
        `/admin/cohorts/${cohortId}/add-certificates`,
        '/admin/mailbox',
        '/admin/jobs/failed',
      ]) {
        await open(page, path);
        await expectFits(page, path, { soft: true });
      }
      await open(page, `/admin/courses/${courseId}`);
      await eachTab(page, 'the course page');
      await open(page, `/admin/cohorts/${cohortId}`);
      await eachTab(page, 'the cohort page');
      // The cohort page's menu opens inside the screen, 'Delete cohort' whole.
      await page.getByRole('tab', { name: 'Details', exact: true }).click();
      await page.getByRole('button', { name: 'More actions' }).click();
      await expect(page.getByRole('menuitem', { name: 'Delete cohort' })).toBeVisible();
      await expectFits(page, 'the cohort page with More actions open');
      const item = (await page.getByRole('menuitem', { name: 'Delete cohort' }).boundingBox())!;
      expect(item.x).toBeGreaterThanOrEqual(0);
      expect(item.x + item.width).toBeLessThanOrEqual(width);
    });

    test("an instructor's pages fit the screen and show their controls whole", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAt(page, DEMO.instructor.email, DEMO.instructor.password, /\/instructor$/);
      await open(page, '/instructor');
      await expectFits(page, '/instructor');
      const quiz = page.locator('.admin-instructor-quizzes a').first();
      const quizPath = await quiz.getAttribute('href');
      const gradingPath = (await page.getByRole('link', { name: `Grading of ${COHORT}` }).getAttribute('href'))!;
      const cohortId = gradingPath.split('/').pop()!;
      for (const path of [quizPath!, gradingPath, `/instructor/gradebook/${cohortId}`, '/instructor/settings', '/instructor/reviews']) {
        await open(page, path);
        await expectFits(page, path, { soft: true });
      }
    });

    test("a student's pages fit the screen and show their controls whole", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAt(page, DEMO.student.email, DEMO.student.password, /\/student$/);
      await open(page, '/student');
      await expectFits(page, '/student', { soft: true });
      await open(page, '/student/settings');
      await expectFits(page, '/student/settings', { soft: true });
      await open(page, '/student');
      await page
        .getByRole('link', { name: new RegExp(COHORT) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/class\//);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await eachTab(page, 'the class page');
      // The first lesson of the course.
      await page.getByRole('tab', { name: 'Learn', exact: true }).click();
      const lesson = page.locator('main a[href*="/lesson/"]').first();
      await lesson.click();
      await expect(page).toHaveURL(/\/lesson\//);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, 'a lesson');
    });
  });
}
