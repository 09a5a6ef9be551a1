import { fileURLToPath } from 'node:url';
import { expect, request as apiRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO } from '../support/demo';
import { startS3School, type S3School } from '../support/s3-school';
import { signInAsStudent } from '../support/learn';

const ASSETS = fileURLToPath(new URL('../../apps/api/src/startup/seed-assets/', import.meta.url));
const tag = Date.now().toString(36);
const COURSE = `Wafer Inspection ${tag}`;
const MODULE = 'Optical inspection';
const LESSON = 'Bright-field defect review';

/** The school of these tests keeps its files in a bucket on another origin: one port above the main one. */
let school: S3School;
test.beforeAll(async () => {
  test.setTimeout(200_000);
  school = await startS3School(Number(new URL(BASE_URL).port) + 1);
});
test.afterAll(async () => {
  await school?.stop();
});

async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const res = await answer;
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function apiAs(account: { email: string; password: string }): Promise<{ api: APIRequestContext; id: string }> {
  const anonymous = await apiRequest.newContext({ baseURL: school.baseURL });
  const { access, user } = await json<{ access: string; user: { id_slug: string } }>(
    anonymous.post('/api/auth/login/', { data: { email: account.email, password: account.password } }),
  );
  await anonymous.dispose();
  const api = await apiRequest.newContext({ baseURL: school.baseURL, extraHTTPHeaders: { Authorization: `Bearer ${access}` } });
  return { api, id: user.id_slug };
}

test('with files in a bucket, a lesson video plays with its captions, both redirected to the bucket', async ({ browser }) => {
  test.setTimeout(180_000);
  const { api: admin } = await apiAs(DEMO.admin);
  const course = await json<{ id_slug: string }>(admin.post('/api/courses/admin/create/', { data: { title: COURSE } }));
  await json(admin.post(`/api/courses/admin/${course.id_slug}/add-module/`, { data: { title: MODULE, order: 0 } }));

  // The admin uploads the video and its WebVTT captions: they go to the bucket.
  const adminContext = await browser.newContext({ baseURL: school.baseURL, viewport: { width: 1280, height: 1000 } });
  const page = await adminContext.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`/admin/courses/${course.id_slug}?tab=1`);
  await page.getByRole('button', { name: `Add lesson to ${MODULE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add a lesson to ${MODULE}` });
  await dialog.getByLabel('Lesson title').fill(LESSON);
  await dialog.getByLabel('Video file (mp4)').setInputFiles(`${ASSETS}demo-lecture.mp4`);
  await dialog.getByLabel('Captions (WebVTT, optional)').setInputFiles(`${ASSETS}demo-lecture.vtt`);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeDisabled({ timeout: 30_000 });
  await adminContext.close();

  const detail = await json<{ data: { modules: { lessons: { id_slug: string; title: string }[] }[] } }>(
    admin.get(`/api/courses/admin/${course.id_slug}`),
  );
  const lesson = detail.data.modules[0].lessons.find((l) => l.title === LESSON)!;
  const { api: studentApi, id: studentId } = await apiAs(DEMO.student);
  await studentApi.dispose();
  const day = 86_400_000;
  const cohort = await json<{ id_slug: string }>(
    admin.post('/api/cohorts/admin/create/', {
      data: {
        title: `Inspection Cohort ${tag}`,
        start_date: new Date(Date.now() - day).toISOString(),
        end_date: new Date(Date.now() + 30 * day).toISOString(),
        end_access_date: new Date(Date.now() + 60 * day).toISOString(),
        course_ids: [course.id_slug],
      },
    }),
  );
  await json(admin.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { data: { user_id_slug: studentId } }));
  await admin.dispose();

  const context = await browser.newContext({ baseURL: school.baseURL, viewport: { width: 1280, height: 900 } });
  const learner = await context.newPage();
  await signInAsStudent(learner, DEMO.student.email, DEMO.student.password, DEMO.student.first_name);
  await learner.goto(`/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`);
  await expect(learner.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  const video = learner.getByTestId('lesson-video');
  await expect(video).toHaveAttribute('crossorigin', 'anonymous');

  // Both files are redirects from the school's origin to the bucket's.
  const captionsUrl = (await video.locator('track[kind="captions"]').getAttribute('src'))!;
  for (const url of [(await video.getAttribute('src'))!, captionsUrl]) {
    const hop = await learner.request.get(url, { maxRedirects: 0 });
    expect(hop.status()).toBe(302);
    expect(hop.headers().location.startsWith(`${school.bucketURL}/`)).toBe(true);
  }

  // The browser follows the captions' redirect and loads the cues (it refuses them without crossorigin or the bucket's CORS).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.querySelector('track') as HTMLTrackElement).readyState), { timeout: 30_000 })
    .toBe(2 /* LOADED */);
  expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length)).toBe(2);

  // The video itself, fetched with CORS from the bucket, plays.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  await context.close();
});
