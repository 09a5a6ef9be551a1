import { expect, test, type Locator, type Page } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { createAccount } from '../support/accounts';
import { DEMO } from '../support/demo';
import { expectAccessible } from '../support/learn';

test.describe.configure({ mode: 'serial' });

const COURSE = 'Digital IC Design Fundamentals';
const COHORT = 'Semiconductor Talent Programme: Cohort 1';

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('overlap: element not visible');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function openCourse(page: Page, tab: string) {
  await page.goto('/admin/courses');
  await page.getByRole('link', { name: COURSE }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

for (const width of [1280, 360]) {
  test(`linking an already-linked cohort from the course's Cohorts tab says so, above the page, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page);
    await openCourse(page, 'Cohorts');
    await page.getByRole('button', { name: `Linked ${COHORT}` }).click();
    const message = notice(page, 'This cohort is already linked to the course!');
    await expect(message).toBeVisible();
    await expect(message).toBeInViewport();
    await expect(notice(page, 'Course already added!')).toHaveCount(0);
    // The notice sits above the page's title and never covers it.
    const title = page.getByRole('heading', { level: 1, name: COURSE });
    await title.scrollIntoViewIfNeeded();
    expect(await overlap(message, title)).toBe(false);
    expect((await message.boundingBox())!.y).toBeLessThan((await title.boundingBox())!.y);
    await page.screenshot({ path: test.info().outputPath(`already-linked-${width}.png`), fullPage: true });
  });
}

test("a new cohort's page does not keep the create page's notices, and no notice covers 'Delete cohort'", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/create/cohort');
  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(notice(page, 'Please link this cohort to a course!')).toBeVisible();
  await page.getByLabel('Cohort title').fill(`Notice cohort ${Date.now().toString(36)}`);
  const local = (days: number) =>
    new Date(Date.now() + days * 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Start date').fill(local(3));
  await page.getByLabel(/^End date/).fill(local(60));
  await page.getByLabel('End of access date').fill(local(90));
  // A second error stacks above the first: newest first, in one region.
  await page.getByRole('button', { name: `Add ${COURSE}` }).click();
  await page.getByRole('button', { name: `Added ${COURSE}` }).click();
  await expect(page.locator('.ui-notices .ui-notice__text')).toHaveText(['Course already added!', 'Please link this cohort to a course!']);
  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(page).toHaveURL(/\/admin\/cohorts\/[0-9a-f]{32}$/);
  await expect(notice(page, 'Cohort created.')).toBeVisible();
  await expect(notice(page, 'Please link this cohort to a course!')).toHaveCount(0);
  await expect(notice(page, 'Course already added!')).toHaveCount(0);
  const more = page.getByRole('button', { name: 'More actions' });
  expect(await overlap(notice(page, 'Cohort created.'), more)).toBe(false);
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Delete cohort' })).toBeVisible();
  expect(await overlap(notice(page, 'Cohort created.'), page.getByRole('menuitem', { name: 'Delete cohort' }))).toBe(false);
});

test('unsaved curriculum edits survive tab switches, and leaving asks first', async ({ page }) => {
  await signInAsAdmin(page);
  await openCourse(page, 'Curriculum');
  const firstLesson = page.locator('.admin-lesson__title').first();
  const title = await firstLesson.innerText();
  await page.getByRole('button', { name: `Delete lesson ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this lesson?' }).getByRole('button', { name: 'Delete lesson' }).click();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('tab', { name: 'Curriculum' }).click();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();
  await expect(page.locator('.admin-lesson__title', { hasText: title })).toHaveCount(0);

  // The sidebar asks before leaving; Stay keeps the edits.
  await page.getByRole('link', { name: 'Cohorts' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f]{32}\?tab=1$/);
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();

  // Closing or reloading the tab gets the browser's question.
  const question = page.waitForEvent('dialog', { timeout: 30_000 });
  // Dismissed, the reload never happens, so it never reports a load: the test waits on the question instead.
  void page.reload().catch(() => undefined);
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();

  // Leave page drops them.
  await page.getByRole('link', { name: 'Cohorts' }).first().click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave page' }).click();
  await expect(page).toHaveURL(/\/admin\/cohorts$/);
});

test("the course header counts a module added with 'Add module' and names one lesson in the singular", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/create/course');
  await page.getByLabel('Course title').fill(`Lithography basics ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('0 modules · 0 lessons · 0 cohorts')).toBeVisible();
  await page.getByLabel('Module title').fill('Exposure');
  await page.getByRole('button', { name: 'Add module' }).click();
  await expect(page.getByText('1 module · 0 lessons · 0 cohorts')).toBeVisible();
});

test("the cohorts list shows each cohort's state and filters by it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/cohorts');
  const row = page.getByRole('row', { name: new RegExp(COHORT) });
  await expect(row.getByText('Running', { exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Upcoming' });
  await expect(page).toHaveURL(/status=UPCOMING/);
  await expect(page.getByRole('row', { name: new RegExp(COHORT) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Running' });
  await expect(page.getByRole('row', { name: new RegExp(COHORT) })).toBeVisible();
  await expectAccessible(page);
});

test('admins and instructors change their own name in Settings, in their own layout', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(DEMO.admin.first_name);
  await expectAccessible(page);

  await page.context().clearCookies();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // An instructor of its own: renaming the demo instructor would change what other tests read meanwhile.
  const instructor = await createAccount('INSTRUCTOR', 'Rajesh');
  await page.getByLabel('Email').fill(instructor.email);
  await page.getByLabel('Password').fill(instructor.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/instructor$/);
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/instructor\/settings$/);
  const first = page.getByLabel('First name');
  await expect(first).toHaveValue(instructor.first_name);
  await first.fill('Raj');
  // 'Update is successful!', then the page reloads with the saved name.
  // Accepted in the handler itself: a dialog left without a listener is dismissed by Playwright.
  const alerted = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect(await alerted).toBe('Update is successful!');
  await reloaded;
  await expect(page.getByLabel('First name')).toHaveValue('Raj');
  await expectAccessible(page);
});
