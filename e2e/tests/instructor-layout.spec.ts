import { expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';
import { assignInstructor, createCohortThroughApi, signInAt } from '../support/cohort-setup';

test.setTimeout(180_000);

const COHORT = `Narrow Screen Cohort ${Date.now().toString(36)}`;

/** No sideways scroll, and the page's heading keeps a margin from both edges of the screen. */
async function expectFitsWithGutters(page: Page, what: string) {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading, what).toBeVisible({ timeout: 30_000 });
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(width);
  const box = (await heading.boundingBox())!;
  expect(box.x, `${what}: no margin on the left`).toBeGreaterThanOrEqual(12);
  expect(box.x + box.width, `${what}: no margin on the right`).toBeLessThanOrEqual(width - 12);
}

test("an instructor's pages keep side margins and never scroll sideways at 360 px", async ({ browser }) => {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsAdmin(admin);
  const cohortId = await createCohortThroughApi(admin, COHORT);
  const instructor = await createAccount('INSTRUCTOR', 'Narrow');
  await admin.goto(`/admin/cohorts/${cohortId}`);
  await assignInstructor(admin, instructor.email);

  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAt(page, instructor.email, instructor.password, /\/instructor$/);
  await expectFitsWithGutters(page, 'Home');
  // The home's links are styled as the console's, never the browser's default blue or purple.
  const colours = await page.locator('main a').evaluateAll((links) => links.map((a) => getComputedStyle(a).color));
  expect(colours.length).toBeGreaterThan(0);
  for (const colour of colours) expect(['rgb(0, 0, 238)', 'rgb(85, 26, 139)']).not.toContain(colour);

  // The quiz editor of the first quiz the instructor's cohort teaches.
  const quiz = page.locator('.admin-instructor-quizzes a').first();
  await expect(quiz).toBeVisible({ timeout: 30_000 });
  await quiz.click();
  await expect(page).toHaveURL(/\/instructor\/quizzes\//);
  await expectFitsWithGutters(page, 'Quiz editor');

  await page.goto(`/instructor/grading/${cohortId}`);
  await expectFitsWithGutters(page, 'Grading');
  await page.goto(`/instructor/gradebook/${cohortId}`);
  await expectFitsWithGutters(page, 'Gradebook');
  await page.goto('/instructor/settings');
  await expectFitsWithGutters(page, 'Settings');
});
