import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { DEMO } from '../support/demo';

/**
 * WCAG 2.2 2.4.11 (focus not obscured), which axe cannot check: tabbing through a long page forwards
 * and back, every focused control is on screen and nothing (the sticky navbar, a page's sticky bar,
 * the admin's bottom tab bar on a phone) lies over it.
 */
const COHORT = 'Semiconductor Talent Programme: Cohort 1';
const COURSE = 'Digital IC Design Fundamentals';
const STEPS = 45;

/** Why the focused element is not fully seen, or null when it is (or focus is on the page itself). */
async function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el.tagName === 'MAIN') return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return null;
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.innerText || '').trim().slice(0, 40)}"`;
    if (r.bottom <= 0 || r.top >= window.innerHeight) return `${label} is off screen (top ${Math.round(r.top)})`;
    // A control must show at its top edge, middle and bottom edge (near its left); a region taller than a
    // quarter of the screen (a tab panel, which the browser does not scroll while part of it shows) at the
    // middle of its part on screen.
    const x = Math.min(Math.max(r.left + Math.min(r.width / 2, 20), 1), window.innerWidth - 1);
    const large = r.height > window.innerHeight / 4;
    const points = large
      ? [(Math.max(r.top, 0) + Math.min(r.bottom, window.innerHeight)) / 2]
      : [r.top + 2, r.top + r.height / 2, r.bottom - 2].filter((y) => y >= 0 && y <= window.innerHeight);
    for (const y of points) {
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top) && !top.contains(el))
        return `${label} is covered at y=${Math.round(y)} by ${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}`;
    }
    return null;
  });
}

/** Tabs forwards `steps` times, then back as many times, checking every stop. */
async function tabBothWays(page: Page, what: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('main').first().focus();
  const seen: string[] = [];
  for (const [key, direction] of [
    ['Tab', 'forwards'],
    ['Shift+Tab', 'backwards'],
  ] as const) {
    for (let i = 0; i < STEPS; i++) {
      await page.keyboard.press(key);
      // Any scrolling the focus started has come to rest (the focused element stays put for two frames),
      // and so has any transition it started (the admin sidebar folds away as focus leaves it). Polled
      // with evaluate, which awaits the promise (waitForFunction took a pending promise for an answer).
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<boolean>((resolve) => {
                  const at = () => document.activeElement?.getBoundingClientRect().top ?? 0;
                  const before = at();
                  requestAnimationFrame(() =>
                    requestAnimationFrame(() =>
                      resolve(
                        at() === before && !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
                      ),
                    ),
                  );
                }),
            ),
          { intervals: [0] },
        )
        .toBe(true);
      const problem = await focusObscured(page);
      if (problem) seen.push(`${direction} stop ${i + 1}: ${problem}`);
    }
  }
  // The page was long enough for the walk to scroll it.
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight), `${what} is long`).toBe(true);
  expect(seen, what).toEqual([]);
}

async function ready(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('the admin console keeps focus clear of the navbar, the curriculum bar and the bottom tab bar', async ({ page }) => {
      test.setTimeout(240_000);
      await signInAsAdmin(page);
      await ready(page, '/admin/cohorts');
      // Other tests add cohorts and courses: find the demo ones by name rather than on the first page.
      await page.getByRole('searchbox', { name: 'Search' }).fill(COHORT);
      await page.getByRole('link', { name: COHORT, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
      const cohortPath = new URL(page.url()).pathname;
      await ready(page, `${cohortPath}/add-certificates`);
      await tabBothWays(page, 'Add certificates');
      await ready(page, '/admin/courses');
      await page.getByRole('searchbox', { name: 'Search' }).fill(COURSE);
      await page.getByRole('link', { name: COURSE, exact: true }).click();
      await page.getByRole('tab', { name: 'Curriculum' }).click();
      await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeVisible();
      await tabBothWays(page, 'the curriculum');
    });

    test("the learner's class page keeps focus clear of the navbar", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAt(page, DEMO.student.email, DEMO.student.password, /\/student$/);
      await page
        .getByRole('link', { name: new RegExp(COHORT) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/class\//);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await tabBothWays(page, 'the class page');
    });

    test("the instructor's grading of a hand-in and the gradebook keep focus clear of the navbar", async ({ page }) => {
      test.setTimeout(240_000);
      await signInAt(page, DEMO.instructor.email, DEMO.instructor.password, /\/instructor$/);
      const home = page.url();
      await page.getByRole('link', { name: `Grading of ${COHORT}` }).click();
      // The demo's UART project has hand-ins to grade with its rubric.
      await page.getByRole('link', { name: /UART/ }).first().click();
      await page.getByRole('navigation', { name: 'Submissions' }).getByRole('link').first().click();
      await expect(page.getByRole('button', { name: 'Save grade' })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await tabBothWays(page, 'grading a hand-in');
      await page.goto(home);
      await page.getByRole('link', { name: `Gradebook of ${COHORT}` }).click();
      await expect(page.getByRole('columnheader', { name: 'Weighted total' })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await tabBothWays(page, 'the gradebook');
    });

    test('the public course page keeps focus clear of the navbar and its section tabs', async ({ page }) => {
      test.setTimeout(180_000);
      await ready(page, '/courses/course-1');
      await tabBothWays(page, 'the course page');
      await ready(page, '/courses');
      await tabBothWays(page, 'the catalogue');
    });
  });
}
