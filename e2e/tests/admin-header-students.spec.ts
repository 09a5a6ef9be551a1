import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/learn';

test.setTimeout(180_000);

/** The browser's own link colours (unvisited, visited): a styled link shows neither. */
const DEFAULT_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];

async function linkColour(page: Page, name: string): Promise<string> {
  return page
    .getByRole('link', { name, exact: true })
    .first()
    .evaluate((a) => getComputedStyle(a).color);
}

for (const width of [1280, 360]) {
  test(`at ${width} px the admin header is a bar with the logo, and the Students list shows every cohort of a student`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInAsAdmin(page);

    // The header: the school's logo on the left, on phones too.
    const header = page.locator('header.ui-navbar');
    const logo = header.getByRole('link', { name: 'ChipSkills Academy home' });
    await expect(logo).toBeVisible();
    const logoBox = (await logo.boundingBox())!;
    expect(logoBox.x).toBeLessThan(width / 4);
    expect(logoBox.x + logoBox.width).toBeLessThanOrEqual(width);
    if (width >= 768) {
      // Logo, then the navigation beside it, then the account menu at the right: no lone link in the centre.
      const settings = (await header.getByRole('link', { name: 'Settings' }).boundingBox())!;
      const account = (await header.getByRole('button', { name: /Nadia/ }).boundingBox())!;
      expect(settings.x).toBeGreaterThan(logoBox.x + logoBox.width);
      expect(settings.x + settings.width).toBeLessThan(width / 2);
      expect(account.x).toBeGreaterThan(width * 0.75);
    } else {
      // The navigation folds behind the menu button at the right of the same bar.
      const toggle = (await header.getByRole('button', { name: 'Menu' }).boundingBox())!;
      expect(toggle.x).toBeGreaterThan(logoBox.x + logoBox.width);
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(width);
    }

    // The Students list: Aisyah is in two cohorts, each listed with her progress in it.
    await page.goto('/admin/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible({ timeout: 30_000 });
    await page.getByPlaceholder('Search by name or email...').fill('student@example.com');
    const cohorts = page.getByRole('list', { name: 'Cohorts of Aisyah Rahman' });
    await expect(cohorts).toBeVisible({ timeout: 30_000 });
    // Her two demo cohorts (other tests may add her to more).
    const titles = ['Semiconductor Talent Programme: Cohort 1', 'Analog Design Track: Cohort 2'];
    for (const title of titles) {
      await expect(cohorts.getByRole('link', { name: title, exact: true })).toBeVisible();
      const bar = cohorts.getByRole('progressbar', { name: `Progress of Aisyah Rahman in ${title}` });
      await expect(bar).toHaveAttribute('aria-valuetext', /^\d+%$/);
      expect(DEFAULT_LINK_COLOURS).not.toContain(await linkColour(page, title));
    }
    await expectAccessible(page);
  });
}
