import { expect, test } from '@playwright/test';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';

const CLASS_ENDED_NOTICE = 'This class has ended. Its lessons are locked; your grades and certificates stay available here.';

for (const width of [1280, 360]) {
  test(`after its access ends a class stays listed as ended, with its lessons locked, at ${width} px`, async ({ page, request }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
    const admin = { Authorization: `Bearer ${(await login.json()).access}` };
    const courses = await (await request.get('/api/courses/admin/list?search_query=Digital%20IC', { headers: admin })).json();
    const course = courses.data[0];
    const title = `Graduated cohort ${stamp}`;
    const created = await request.post('/api/cohorts/admin/create/', {
      headers: admin,
      data: {
        title,
        start_date: '2026-01-05T00:00:00.000Z',
        end_date: '2026-03-01T00:00:00.000Z',
        end_access_date: '2026-04-01T00:00:00.000Z',
        course_ids: [course.id_slug],
      },
    });
    expect(created.status()).toBe(201);
    const cohort = await created.json();
    const email = `graduate-${stamp}@example.com`;
    const registered = await request.post('/api/auth/register/', {
      data: { email, password: 'Silicon#Wafer9', first_name: 'Farah', last_name: `Ended${stamp.slice(-4)}` },
    });
    const { user } = await registered.json();
    expect(
      (
        await request.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { headers: admin, data: { user_id_slug: user.id_slug } })
      ).status(),
    ).toBe(201);

    await page.setViewportSize({ width, height: 800 });
    await signInAsStudent(page, email, 'Silicon#Wafer9', 'Farah');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Ended · grades and certificates')).toBeVisible();
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(CLASS_ENDED_NOTICE);
    await expect(page.getByText(/Access ended/)).toBeVisible();
    await expect(page.getByText('Locked').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/ended-class-${width}.png`, fullPage: true });

    // A lesson's own address says it is locked.
    const detail = await (await request.get(`/api/courses/admin/${course.id_slug}`, { headers: admin })).json();
    const lesson = detail.data.modules[0].lessons[0];
    await page.goto(`/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`);
    await expect(page.getByRole('heading', { name: 'Lesson locked' })).toBeVisible();
    await expect(
      page.getByText('This class has ended, so its lessons are locked. Your grades and certificates stay available.'),
    ).toBeVisible();
  });
}
