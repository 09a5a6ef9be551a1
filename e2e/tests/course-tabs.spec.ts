import { expect, test } from '@playwright/test';
import { scrollSettled } from '../support/scroll';

for (const width of [1280, 360]) {
  for (const course of ['course-0', 'course-5', 'course-40']) {
    test(`${course} at ${width} px: the clicked course tab ends highlighted with its section in view`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/courses/${course}`);
      const tabs = page.getByRole('navigation', { name: 'Course sections' });
      await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'true');
      for (const name of ['Application', 'Curriculum', 'Overview', 'Application', 'Overview', 'Curriculum'] as const) {
        await tabs.getByRole('link', { name }).click();
        await scrollSettled(page);
        await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'true');
        await expect(tabs.locator('[aria-current="true"]')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeInViewport();
      }
      // Scrolling by hand to the very bottom highlights the last tab.
      await page.evaluate(() => {
        window.dispatchEvent(new WheelEvent('wheel'));
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      });
      await scrollSettled(page);
      await expect(tabs.getByRole('link', { name: 'Application' })).toHaveAttribute('aria-current', 'true');
      await page.screenshot({ path: `test-results/course-tabs-${course}-${width}.png` });
    });
  }
}
