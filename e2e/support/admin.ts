import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from './demo';

/** Signs in as the demo admin and waits for the course list (the admin's home route). */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  // Let the session settle (token refresh) before the test navigates by URL.
  await page.waitForLoadState('networkidle');
}

/** The console's notices, in the one region above the page's content. */
export const notice = (page: Page, text: string): Locator => page.locator('.ui-notices').getByText(text, { exact: true });

/** Titles in the order the curriculum editor shows them. */
export async function moduleTitles(page: Page): Promise<string[]> {
  return page.locator('.admin-module__title').allInnerTexts();
}

export async function lessonTitles(module: Locator): Promise<string[]> {
  return module.locator('.admin-lesson__title').allInnerTexts();
}

/** Drags one element onto another with the mouse, in small steps so the drag library sees a real drag. */
export async function dragTo(page: Page, from: Locator, to: Locator) {
  // Both ends must be on screen: the pointer cannot press what lies outside the viewport.
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: element not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 4, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** Moves a sortable item with the keyboard: Space picks it up, the arrow key moves it `times`, Space drops it. */
export async function keyboardMove(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times: number) {
  await handle.focus();
  await page.keyboard.press('Space');
  // The drag library measures the list after each key; a person's key presses are never faster than this.
  await page.waitForTimeout(150);
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await page.keyboard.press('Space');
}
