import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Signs in through the login page and waits for the student dashboard. */
export async function signInAsStudent(page: Page, email: string, password: string, firstName: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${firstName}` })).toBeVisible();
}

/**
 * No WCAG 2.2 AA violation that axe-core can find, and nothing wider than the screen. `exclude` names
 * parts axe cannot enter, such as a sandboxed frame without scripts (axe waits on it until the test ends).
 */
export async function expectAccessible(page: Page, exclude: string[] = []) {
  // From the top of the page, so the sticky navbar does not sit over a control mid-scroll.
  await page.evaluate(() => window.scrollTo(0, 0));
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of exclude) axe = axe.exclude(selector);
  const { violations } = await axe.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Collects the page's alerts (accepting them) so a test can assert their text. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  return messages;
}
