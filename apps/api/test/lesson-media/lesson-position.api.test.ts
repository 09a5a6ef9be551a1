import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4File } from '../fixtures/media.fixtures';
import { buildCohort, buildCourse, enrolStudent } from '../fixtures/learning.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
let outsider: TestUser;
let cohort: { id: string; id_slug: string };
let course: Awaited<ReturnType<typeof buildCourse>>;

/** Uploads a file in one chunk and answers its stored file. */
async function upload(kind: string, name: string, data: Buffer) {
  const started = await t.http
    .post('/api/lessons/media/uploads/')
    .set(bearer(admin))
    .send({ kind, file_name: name, size_bytes: data.length });
  const done = await t.http
    .put(`/api/lessons/media/uploads/${started.body.id_slug}/chunks/0`)
    .set(bearer(admin))
    .set('Content-Type', 'application/octet-stream')
    .send(data)
    .expect(200);
  return done.body.file as { id_slug: string; duration_seconds: number | null };
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t);
  other = await createUser(t);
  outsider = await createUser(t);
  course = await buildCourse(t, admin, {
    title: 'Lithography',
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro', type: 'VIDEO' }] }],
  });
  cohort = await buildCohort(t, admin, 'Spring', [course.id_slug]);
  await enrolStudent(t, admin, cohort.id_slug, student);
  await enrolStudent(t, admin, cohort.id_slug, other);
});
afterAll(async () => t?.close());

describe('a lesson with uploaded media', () => {
  it('stores the video duration on the lesson and attaches the captions', async () => {
    const video = await upload('video', 'intro.mp4', mp4File({ seconds: 61.25 }));
    const captions = await upload('captions', 'intro.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'));
    expect(video.duration_seconds).toBe(61.25);
    const detail = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(bearer(admin)).expect(200);
    const mod = detail.body.data.modules[0];
    const lesson = mod.lessons[0];
    expect(lesson.video_duration_seconds).toBeNull();
    await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(bearer(admin))
      .send({
        modules: [
          {
            id_slug: mod.id_slug,
            title: mod.title,
            order: 0,
            lessons: [
              {
                id_slug: lesson.id_slug,
                title: 'Intro',
                order: 0,
                lesson_type: 'VIDEO',
                video_lecture_id_slug: video.id_slug,
                video_captions_id_slug: captions.id_slug,
              },
            ],
          },
        ],
      })
      .expect(200);
    const after = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(bearer(admin)).expect(200);
    expect(after.body.data.modules[0].lessons[0]).toMatchObject({ video_lecture_id_slug: video.id_slug, video_duration_seconds: 61.25 });

    // The student's lesson page gets the duration and the captions.
    const view = await t.http.get(`/api/cohorts/${cohort.id_slug}/courses/${course.id_slug}/user/${student.id_slug}/`).set(bearer(student));
    const seen = view.body.data.course_part.modules[0].lessons[0];
    expect(seen.video_duration_seconds).toBe(61.25);
    expect(seen.video_captions_url).toMatch(new RegExp(`^/api/files/${captions.id_slug}\\?`));
  });

  it('refuses captions that are not a captions upload', async () => {
    const video = await upload('video', 'other.mp4', mp4File({ seconds: 2 }));
    const detail = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(bearer(admin)).expect(200);
    const mod = detail.body.data.modules[0];
    const res = await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(bearer(admin))
      .send({
        modules: [
          {
            id_slug: mod.id_slug,
            title: mod.title,
            order: 0,
            lessons: [
              { title: 'New', order: 0, lesson_type: 'VIDEO', video_lecture_id_slug: video.id_slug, video_captions_id_slug: video.id_slug },
            ],
          },
        ],
      })
      .expect(400);
    expect(res.body.message).toBe(`File ${video.id_slug} is not a lesson captions file`);
  });
});

describe("the student's place in a lesson video", () => {
  const path = (lesson: string, user: TestUser) => `/api/cohorts/${cohort.id_slug}/lessons/${lesson}/position/user/${user.id_slug}/`;
  let lesson: string;
  beforeAll(async () => {
    const detail = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(bearer(admin)).expect(200);
    lesson = detail.body.data.modules[0].lessons[0].id_slug;
  });

  it('is kept per student and lesson and read back when the lesson opens', async () => {
    expect((await t.http.get(path(lesson, student)).set(bearer(student)).expect(200)).body).toEqual({ position_seconds: null });
    await t.http.put(path(lesson, student)).set(bearer(student)).send({ position_seconds: 42.5 }).expect(200);
    await t.http.put(path(lesson, student)).set(bearer(student)).send({ position_seconds: 47 }).expect(200);
    expect((await t.http.get(path(lesson, student)).set(bearer(student)).expect(200)).body).toEqual({ position_seconds: 47 });
    // Another student of the class has a place of their own.
    expect((await t.http.get(path(lesson, other)).set(bearer(other)).expect(200)).body).toEqual({ position_seconds: null });
    // An admin may read it.
    expect((await t.http.get(path(lesson, student)).set(bearer(admin)).expect(200)).body).toEqual({ position_seconds: 47 });
  });

  it('is only the student themself to save and read', async () => {
    await t.http.put(path(lesson, student)).set(bearer(other)).send({ position_seconds: 1 }).expect(404);
    await t.http.get(path(lesson, student)).set(bearer(other)).expect(404);
    await t.http.put(path(lesson, student)).set(bearer(admin)).send({ position_seconds: 1 }).expect(404);
    await t.http.put(path(lesson, student)).send({ position_seconds: 1 }).expect(401);
    // Not enrolled in the class: nothing to keep.
    await t.http.put(path(lesson, outsider)).set(bearer(outsider)).send({ position_seconds: 3 }).expect(404);
    expect((await t.http.get(path(lesson, student)).set(bearer(student)).expect(200)).body).toEqual({ position_seconds: 47 });
  });

  it('refuses a negative or missing position with 400', async () => {
    await t.http.put(path(lesson, student)).set(bearer(student)).send({ position_seconds: -1 }).expect(400);
    await t.http.put(path(lesson, student)).set(bearer(student)).send({}).expect(400);
    await t.http.put(path('nope', student)).set(bearer(student)).send({ position_seconds: 1 }).expect(404);
  });
});
