import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

/**
 * The admin's figures and the pages that were placeholders: the dashboard's figures agree with the
 * pages they link to, Certifications says where each certificate is awarded, and Analytics leads
 * to a cohort's gradebook and its courses' engagement. The demo school's records are only read.
 */
const COHORT = 'Semiconductor Talent Programme: Cohort 1';

const figures = (page: Page) => page.getByRole('list', { name: "The school's figures" });
const card = (page: Page, label: string) => figures(page).getByRole('listitem').filter({ hasText: label });
const figure = async (page: Page, label: string) => Number(await card(page, label).locator('.admin-dashboard-card__value').innerText());

test("the dashboard shows the school's figures, each leading to where the admin acts on it", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(figures(page).getByRole('listitem')).toHaveCount(5, { timeout: 30_000 });
  for (const label of ['Running cohorts', 'Students active this week', 'Waiting for grading', 'Applications waiting', 'Failed jobs']) {
    await expect(card(page, label)).toContainText(/\d+/);
  }
  await expectAccessible(page);
  await expectFits(page, 'the dashboard');

  // The running cohorts figure is the cohorts list filtered to Running (other tests may add cohorts
  // meanwhile: both are read again until they agree).
  await expect(async () => {
    await page.goto('/admin');
    const running = await figure(page, 'Running cohorts');
    expect(running).toBeGreaterThan(0);
    await card(page, 'Running cohorts').getByRole('link', { name: 'See running cohorts' }).click();
    await expect(page).toHaveURL(/\/admin\/cohorts\?status=ONGOING$/);
    await expect(page.getByLabel('Status')).toHaveValue('ONGOING');
    await expect(page.locator('.admin-list__count')).toHaveText(`${running} ${running === 1 ? 'result' : 'results'}`, { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });

  await page.goBack();
  await card(page, 'Waiting for grading').getByRole('link', { name: 'Go to grading' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
  await page.goBack();
  await card(page, 'Failed jobs').getByRole('link', { name: 'See failed jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin');
  await expect(figures(page).getByRole('listitem')).toHaveCount(5, { timeout: 30_000 });
  await expectAccessible(page);
  await expectFits(page, 'the dashboard');
});

test('Certifications lists each certificate with the cohorts awarding it; Analytics leads to a cohort gradebook and engagement', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Certifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certifications' })).toBeVisible();
  await expect(page.getByText(/coming soon/)).toHaveCount(0);
  // The demo school's certificates are the oldest (other tests add their own).
  await page.getByLabel('Sort by').selectOption({ label: 'Oldest' });
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: COHORT }) })
    .first();
  await expect(row).toContainText('issued', { timeout: 30_000 });
  await expectAccessible(page);
  await expectFits(page, 'Certifications');
  await row.getByRole('link', { name: COHORT }).click();
  await expect(page.getByRole('tab', { name: 'Certifications', selected: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const search = page.getByRole('region', { name: 'Cohort search' });
  await search.getByRole('searchbox', { name: 'Search' }).fill('Semiconductor Talent');
  await search.getByRole('button', { name: `Choose ${COHORT}` }).click();
  await expect(page.getByRole('link', { name: 'Engagement of Digital IC Design Fundamentals' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await expectFits(page, 'Analytics with a cohort chosen');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFits(page, 'Analytics with a cohort chosen');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: `Gradebook of ${COHORT}` }).click();
  await expect(page).toHaveURL(/\/admin\/gradebook\//);
  await page.goBack();
  await page.getByRole('link', { name: 'Engagement of Digital IC Design Fundamentals' }).click();
  await expect(page.getByRole('tab', { name: 'Engagement', selected: true })).toBeVisible({ timeout: 30_000 });
});
