import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAsStudent } from '../support/learn';
import { scrollSettled } from '../support/scroll';

async function newStudent(page: Page, first_name: string) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `layout-${stamp}@example.com`;
  const password = 'Silicon#Wafer9';
  const res = await page.request.post('/api/auth/register/', { data: { email, password, first_name, last_name: 'Tan', role: 'STUDENT' } });
  expect(res.ok()).toBe(true);
  await signInAsStudent(page, email, password, first_name);
}

for (const width of [1280, 360]) {
  test(`settings side tab 'Account Settings' brings its heading below the sticky navbar at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await newStudent(page, 'Mei');
    await page.goto('/student/settings');
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await scrollSettled(page);
    const heading = page.getByRole('heading', { level: 2, name: 'Account Settings' });
    await expect(heading).toBeInViewport();
    const navBottom = await page.locator('.ui-navbar').evaluate((n) => n.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(navBottom);
    // Nothing covers it: the topmost element at its centre is the heading itself.
    expect(
      await heading.evaluate((h) => {
        const r = h.getBoundingClientRect();
        return h.contains(document.elementFromPoint(r.left + 20, r.top + r.height / 2));
      }),
    ).toBe(true);
    await page.screenshot({ path: `test-results/settings-account-${width}.png` });
  });

  test(`the logout overlay shows one readable, announced message at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await newStudent(page, 'Hana');
    // Hold the logout call until the overlay has been inspected.
    let release!: () => void;
    const inspected = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/auth\/logout\/?(\?|$)/, async (route) => {
      await inspected;
      await route.continue();
    });
    if (width === 360) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
    } else {
      await page.getByRole('button', { name: /Hana Tan/ }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
    }
    const overlay = page.getByRole('dialog', { name: 'Logging out...' });
    await expect(overlay).toBeVisible();
    // The message is on top of everything else on the page...
    const text = overlay.getByText('Logging out...');
    expect(
      await text.evaluate((t) => {
        const r = t.getBoundingClientRect();
        return t.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      }),
    ).toBe(true);
    // ...it is the only status a screen reader can reach, and its contrast passes AA.
    await expect(page.getByRole('status')).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText('Logging out...');
    const { violations } = await new AxeBuilder({ page }).include('.ui-logout-overlay').withRules(['color-contrast']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: `test-results/logout-overlay-${width}.png` });
    release();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  });
}
