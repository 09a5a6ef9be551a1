import { fileURLToPath } from 'node:url';
import { expect, request as apiRequest, test, type APIResponse } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';

const ASSETS = fileURLToPath(new URL('../../apps/api/src/startup/seed-assets/', import.meta.url));
const tag = Date.now().toString(36);
const COURSE = `Plasma Etching ${tag}`;
const MODULE = 'Dry etch';
const LESSON = 'Reactive ion etching';
const COHORT = `Etch Cohort ${tag}`;

/** An API client signed in as `account` (a bearer token, as the apps send). */
async function apiAs(account: { email: string; password: string }) {
  const anonymous = await apiRequest.newContext({ baseURL: BASE_URL });
  const { access, user } = await json<{ access: string; user: { id_slug: string } }>(
    anonymous.post('/api/auth/login/', { data: { email: account.email, password: account.password } }),
  );
  await anonymous.dispose();
  const api = await apiRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${access}` } });
  return { api, user };
}

/** The body of a successful answer. */
async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const res = await answer;
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

test('an admin uploads a video lesson with captions; a student watches it and comes back to the same place', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { api: admin } = await apiAs(DEMO.admin);
  const course = await json<{ id_slug: string }>(admin.post('/api/courses/admin/create/', { data: { title: COURSE } }));
  await json(admin.post(`/api/courses/admin/${course.id_slug}/add-module/`, { data: { title: MODULE, order: 0 } }));

  // The admin adds a video lesson, uploading the mp4 with its WebVTT captions.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(`/admin/courses/${course.id_slug}?tab=1`);
  await page.getByRole('button', { name: `Add lesson to ${MODULE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add a lesson to ${MODULE}` });
  await dialog.getByLabel('Lesson title').fill(LESSON);
  await dialog.getByLabel('Video file (mp4)').setInputFiles(`${ASSETS}demo-lecture.mp4`);
  await dialog.getByLabel('Captions (WebVTT, optional)').setInputFiles(`${ASSETS}demo-lecture.vtt`);
  // Every value the upload's progress bar takes, from the first render on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress')) {
        const label = document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
        seen.push(`${label}: ${bar.getAttribute('aria-valuenow')}`);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen).toContain('Uploading demo-lecture.mp4: 100');
  expect(seen).toContain('Uploading demo-lecture.vtt: 100');
  const module = page.getByRole('region', { name: `Module 1: ${MODULE}` });
  await expect(module.getByText(LESSON)).toBeVisible();
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(notice(page, 'Curriculum saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();

  // The saved lesson points at the uploads, with the video's duration read from the mp4.
  const detail = await json<{
    data: { modules: { lessons: { id_slug: string; title: string; video_duration_seconds: number | null }[] }[] };
  }>(admin.get(`/api/courses/admin/${course.id_slug}`));
  const lesson = detail.data.modules[0].lessons[0];
  expect(lesson).toMatchObject({ title: LESSON, video_duration_seconds: 8 });

  // A student of a cohort with that course.
  const student = await createAccount('STUDENT', 'Farah');
  const { api: studentApi, user } = await apiAs(student);
  await studentApi.dispose();
  const day = 86_400_000;
  const cohort = await json<{ id_slug: string }>(
    admin.post('/api/cohorts/admin/create/', {
      data: {
        title: COHORT,
        start_date: new Date(Date.now() - day).toISOString(),
        end_date: new Date(Date.now() + 30 * day).toISOString(),
        end_access_date: new Date(Date.now() + 60 * day).toISOString(),
        course_ids: [course.id_slug],
      },
    }),
  );
  await json(admin.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { data: { user_id_slug: user.id_slug } }));
  await admin.dispose();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const learner = await context.newPage();
  await signInAsStudent(learner, student.email, student.password, 'Farah');
  const lessonUrl = `/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`;
  await learner.goto(lessonUrl);
  await expect(learner.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  const video = learner.getByTestId('lesson-video');
  await expect(video).toHaveAttribute('src', /\/api\/files\/[0-9a-f]{32}\?exp=\d+&dl=0&sig=/);
  await expectAccessible(learner);

  // The captions track is the uploaded WebVTT, and the browser loads it.
  const track = video.locator('track[kind="captions"]');
  const captionsUrl = await track.getAttribute('src');
  expect((await (await learner.request.get(captionsUrl!)).text()).startsWith('WEBVTT')).toBe(true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.querySelector('track') as HTMLTrackElement).readyState))
    .toBe(2 /* LOADED */);
  expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length)).toBe(2);

  // The video plays: its data arrives and its time advances.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  const kept = learner.waitForResponse((r) => r.url().includes('/position/user/') && r.request().method() === 'PUT' && r.status() === 200);
  const stoppedAt = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  expect((await (await kept).json()).position_seconds).toBeCloseTo(stoppedAt, 3);

  // The student leaves the lesson, then comes back: the video opens where they stopped.
  await learner.getByRole('link', { name: 'Back to class' }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
  await learner.goto(lessonUrl);
  await expect(learner.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(stoppedAt, 1);
  await context.close();
});
