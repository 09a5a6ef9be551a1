import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, request as apiRequest, test, type APIResponse, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { signInAsStudent } from '../support/learn';

const ASSETS = fileURLToPath(new URL('../../apps/api/src/startup/seed-assets/', import.meta.url));
const tag = Date.now().toString(36);
const COURSE = `Ion Implantation ${tag}`;
const MODULE = 'Doping';
const LESSON = 'Channelling and tilt';
const QUIZ = 'Quiz: dose and energy';
const COHORT = `Implant Cohort ${tag}`;
const CHUNK = 8 * 1024 * 1024;

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

async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const res = await answer;
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/**
 * The demo lecture followed by a 3 MiB `free` box: still a playable mp4 of 8 seconds, but larger
 * than one upload chunk, so its upload can be cut between chunks.
 */
function longLecture(path: string): string {
  const lecture = readFileSync(`${ASSETS}demo-lecture.mp4`);
  const padding = Buffer.alloc(CHUNK - lecture.length + 3 * 1024 * 1024);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  writeFileSync(path, Buffer.concat([lecture, padding]));
  return path;
}

/** Every value the upload bar takes from now on. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress')) seen.push(Number(bar.getAttribute('aria-valuenow')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

test('an upload cut by a reload resumes from its offset when the same file is picked again; the student keeps their place moving through the app', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const file = longLecture(test.info().outputPath('long-lecture.mp4'));
  const { api: admin } = await apiAs(DEMO.admin);
  const course = await json<{ id_slug: string }>(admin.post('/api/courses/admin/create/', { data: { title: COURSE } }));
  await json(admin.post(`/api/courses/admin/${course.id_slug}/add-module/`, { data: { title: MODULE, order: 0 } }));

  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(`/admin/courses/${course.id_slug}?tab=1`);
  const dialog = page.getByRole('dialog', { name: `Add a lesson to ${MODULE}` });
  const openDialog = async () => {
    await page.getByRole('button', { name: `Add lesson to ${MODULE}` }).click();
    await dialog.getByLabel('Lesson title').fill(LESSON);
    await dialog.getByLabel('Video file (mp4)').setInputFiles(file);
  };

  // The connection drops after the first chunk: the second never gets through.
  const secondChunk = `**/api/lessons/media/uploads/*/chunks/${CHUNK}`;
  await page.route(secondChunk, (route) => route.abort('connectionreset'));
  await openDialog();
  const firstChunk = page.waitForResponse((r) => r.url().endsWith('/chunks/0') && r.status() === 200, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await firstChunk;
  await expect(dialog.getByText('Connection lost. Resuming the upload…')).toBeVisible({ timeout: 30_000 });

  // The admin reloads the page (as after closing the tab) and picks the same file again.
  await page.unroute(secondChunk);
  await page.reload();
  await openDialog();
  await expect(dialog.getByText(/^The earlier upload of long-lecture\.mp4 stopped at 8\.0 MB of 11\.0 MB \(72%\)\./)).toBeVisible({
    timeout: 30_000,
  });
  await watchProgress(page);
  const chunksSent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/chunks/')) chunksSent.push(r.url().split('/chunks/')[1]);
  });
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  // It went on from byte 8 MiB: the first chunk was not sent again, and the bar never went back to the start.
  expect(chunksSent).toEqual([String(CHUNK)]);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(72);
  expect(seen).toContain(100);

  // A quiz after it, so the video lesson has a Next.
  await page.getByRole('button', { name: `Add lesson to ${MODULE}` }).click();
  await dialog.getByRole('tab', { name: 'Online quiz' }).click();
  await dialog.getByLabel('Lesson title').fill(QUIZ);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(notice(page, 'Curriculum saved.')).toBeVisible();

  const detail = await json<{
    data: { modules: { lessons: { id_slug: string; title: string; video_duration_seconds: number | null }[] }[] };
  }>(admin.get(`/api/courses/admin/${course.id_slug}`));
  const lesson = detail.data.modules[0].lessons[0];
  expect(lesson).toMatchObject({ title: LESSON, video_duration_seconds: 8 });

  // A student of a cohort with the course watches the resumed video.
  const student = await createAccount('STUDENT', 'Kavitha');
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
  await signInAsStudent(learner, student.email, student.password, 'Kavitha');
  await learner.goto(`/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`);
  await expect(learner.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  const video = learner.getByTestId('lesson-video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(2);
  const kept = learner.waitForResponse((r) => r.url().includes('/position/user/') && r.request().method() === 'PUT' && r.status() === 200);
  const stoppedAt = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  await kept;

  // Next, then Prev, inside the app: the video opens where the student stopped.
  const opensWhereStopped = async () => {
    await expect(learner.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(stoppedAt, 1);
  };
  await learner.getByRole('link', { name: `Next: ${QUIZ}` }).click();
  await expect(learner.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await learner.getByRole('link', { name: `Prev: ${LESSON}` }).click();
  await opensWhereStopped();

  // Back to the class, then the lesson from its list: the same.
  await learner.getByRole('link', { name: 'Back to class' }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
  await learner
    .getByRole('link', { name: new RegExp(LESSON) })
    .first()
    .click();
  await opensWhereStopped();
  await context.close();
});
