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
  const region = await pickedUpRegion(page);
  const start = Number(/position (\d+) of/.exec(await region.innerText())![1]);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 4, { steps: 12 });
  // Dropped only once the drag library announces the item over another place than its own (not after a pause).
  await expect
    .poll(async () => Number(/is over position (\d+) of/.exec(await region.innerText())?.[1] ?? start), { timeout: 30_000 })
    .not.toBe(start);
  await page.mouse.up();
}

/**
 * The live region (one per sortable list) of the drag under way: the drag library announces there that it picked
 * an item up, then where it is over (first its own place).
 */
async function pickedUpRegion(page: Page): Promise<Locator> {
  const picked = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /(Picked up .*, position|is over position) \d+ of/ });
  await expect(picked).toHaveCount(1, { timeout: 30_000 });
  return page.locator(`[id="${await picked.getAttribute('id')}"]`);
}

/** Moves a sortable item with the keyboard: Space picks it up, the arrow key moves it `times`, Space drops it. */
export async function keyboardMove(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times: number) {
  await handle.focus();
  await page.keyboard.press('Space');
  // The drag library measures the list after each key: each next key waits for its announcement of the step before.
  const region = await pickedUpRegion(page);
  const start = Number(/position (\d+) of/.exec(await region.innerText())![1]);
  for (let i = 1; i <= times; i++) {
    await page.keyboard.press(key);
    const over = key === 'ArrowUp' ? start - i : start + i;
    await expect(region).toContainText(`is over position ${over} of`, { timeout: 30_000 });
  }
  await page.keyboard.press('Space');
  await expect(region).toContainText('was dropped', { timeout: 30_000 });
}

/** An API call as the admin signed in on `page` (the console's own session). */
export async function adminCall<T>(page: Page, verb: string, route: string, payload?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const res = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method: verb, path: route, body: payload },
  ) as Promise<T>;
}
