import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type Response, test } from '@playwright/test';
import { DEMO } from '../support/demo';
import { expectFits } from '../support/fit';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/courses',
  '/courses?path=pe',
  '/courses/course-0',
  '/courses/course-40',
  '/courses/course-3',
  '/apply',
  '/apply/thank-you',
  '/apply/youth-programme-2027',
  '/apply/youth-programme-2027/application',
  '/apply/youth-programme-2025',
  '/enterprise',
  '/applications/',
  '/applications/some-id',
  '/login',
  '/login-other',
  '/login/reset-password',
  '/create-account',
  '/no-such-page',
];

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('pages are prerendered: the hero headline and course titles are in the HTML before any script', async ({ request }) => {
  const home = await request.get('/');
  const html = await home.text();
  expect(html).toContain('Building Tomorrow&#x27;s Semiconductor Leaders');
  expect(html).toContain('Introduction to Semiconductors and the Chip Industry');
  expect(html).toContain('Sign In');
  const course = await request.get('/courses/course-21');
  expect(course.status()).toBe(200);
  expect(await course.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  const missing = await request.get('/courses/course-3');
  expect(missing.status()).toBe(404);
  // Pages with pages below them are served as they are, without a redirect into a folder.
  for (const path of ['/courses', '/apply', '/login', '/applications/', '/login/reset-password']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain('<h1');
  }
});

test("a signed-out visitor's first load of a public page carries no API client: the session loads it on its first call", async ({
  page,
}) => {
  for (const path of ['/', '/courses', '/apply']) {
    const scripts: Response[] = [];
    const onResponse = (res: Response) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    };
    page.on('response', onResponse);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await script.text();
      // The contracts' client and route table: a path-param error and an admin route's path.
      expect(code.includes('Missing path param'), `${path}: ${script.url()}`).toBe(false);
      expect(code.includes('cohorts/admin/list'), `${path}: ${script.url()}`).toBe(false);
    }
  }
});

test('a visitor browses the landing page, the catalogue and a course', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "Building Tomorrow's Semiconductor Leaders" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/apply');
  await expect(page.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
  await expect(page.getByText('10k+')).toBeVisible();

  // Testimonials wrap around at both ends.
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(page.getByText('3 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(page.getByText('1 / 3')).toBeVisible();

  await page.getByRole('link', { name: 'Browse all courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('button', { name: 'Introductory' })).toHaveAttribute('aria-pressed', 'true');

  // Switching categories replaces the URL: Back leaves the catalogue instead of stepping through categories.
  await page.getByRole('button', { name: 'Failure Analysis' }).click();
  await expect(page).toHaveURL(/\?path=fa$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Failure Analysis (FA)' })).toBeVisible();
  await page.getByRole('button', { name: 'Next category' }).click();
  await expect(page).toHaveURL(/\?path=beginner$/);
  await page.getByRole('button', { name: 'Previous category' }).click();
  await expect(page).toHaveURL(/\?path=fa$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(/\?path=fa$/);

  const firstCourse = page.locator('.site-course-card .ui-linked-card__link').first();
  const title = (await firstCourse.textContent())!;
  await firstCourse.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Courses', title]);
  await expect(crumbs.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');

  // The highlighted tab follows the scroll position.
  const tabs = page.getByRole('navigation', { name: 'Course sections' });
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'true');
  await tabs.getByRole('link', { name: 'Curriculum' }).click();
  await expect(tabs.getByRole('link', { name: 'Curriculum' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(tabs.getByRole('link', { name: 'Application' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Course prerequisites')).toBeInViewport();
  await page.getByRole('button', { name: 'Learn more' }).click();
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'true');

  // Curriculum modules are numbered from 1 and open on click.
  const module1 = page.getByRole('button', { name: /^Module 1 / });
  await expect(module1).toHaveAttribute('aria-expanded', 'false');
  await module1.click();
  await expect(module1).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.site-curriculum__module--open .site-curriculum__points li').first()).toBeVisible();

  await page.goto('/courses/course-3');
  await expect(page.getByText('Uh oh... course not found')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('the apply page shows the initiatives, and the programme page leads to the form with the track preset', async ({ page }) => {
  await page.goto('/apply');
  const card = page.locator('.site-initiative-card').first();
  await expect(card.getByText('APPLICATION OPEN')).toBeVisible();
  await expect(card.getByText('Apply now')).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/apply\/youth-programme-2027$/);
  await expect(page.locator('.site-programme-facts').getByText('RM 2,500')).toBeVisible();
  await expect(page.locator('.site-job-roles__item')).toHaveCount(20);
  await expect(page.locator('.site-faq__category')).toHaveCount(4);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await page.getByRole('tab', { name: 'Packaging' }).click();
  await page.getByRole('link', { name: 'Apply for Packaging' }).click();
  await expect(page).toHaveURL(/\/apply\/youth-programme-2027\/application\?course=Packaging$/);
  await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('Packaging');
});

test('the navbar is signed out in the HTML and switches to the restored session after hydration', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.student.email);
  await page.getByLabel('Password').fill(DEMO.student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/student$/);
  const html = await (await page.request.get('/courses/course-1')).text();
  expect(html).toContain('Sign In');
  await page.goto('/courses/course-1');
  await expect(page.getByRole('button', { name: new RegExp(DEMO.student.first_name) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

// Four pages a test: each test stays well inside its budget on a busy machine, and its name says which pages it checks.
const GROUPS = Array.from({ length: Math.ceil(PUBLIC_PAGES.length / 4) }, (_, i) => PUBLIC_PAGES.slice(i * 4, i * 4 + 4));
for (const width of [1280, 360]) {
  for (const paths of GROUPS) {
    test(`${paths.join(', ')}: no axe violations and nothing overflows at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
        await expectFits(page, path, { soft: true });
        await test.step(path, () => expectNoAxeViolations(page));
      }
    });
  }
}
