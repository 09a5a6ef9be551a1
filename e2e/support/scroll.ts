import type { Page } from '@playwright/test';

/**
 * Waits until the window has stopped scrolling (smooth scrolling included): its position unchanged
 * over ten painted frames. Counted in frames, not milliseconds, so a busy machine only slows it.
 */
export async function scrollSettled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          if (window.scrollY !== last) [last, still] = [window.scrollY, 0];
          else if (++still >= 10) return resolve(true);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
