import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, getBytes, type TestApp, type TestUser } from '../test-app';
import { readPdf } from '../pdf-text';
import { StorageService } from '../../src/platform/storage/storage.service';
import { REPLACING_DEFAULT_ITEM, buildCohort, buildCourse, enrolStudent, type CreatedCourse } from '../fixtures/learning.fixtures';
import { linkNewCertificate } from '../fixtures/admin.fixtures';
import { SIX_KINDS } from '../fixtures/quiz.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { ACCESS_ENDED_MESSAGE, SUBMITTED_LESSON_MESSAGE } from '@school/contracts';
import { NOT_AVAILABLE, SUSPENDED_MESSAGE } from '../../src/modules/learning/learning.service';

let t: TestApp;
let storage: StorageService;
let me: TestUser; // ACTIVE in the main cohort
let other: TestUser; // ACTIVE in the main cohort too
let suspended: TestUser;
let outsider: TestUser; // in no cohort
let admin: TestUser;
let instructor: TestUser;
let chips: CreatedCourse;
let analog: CreatedCourse;
let unlinked: CreatedCourse;
let cohort: { id: string; id_slug: string };
let ended: { id: string; id_slug: string };
let elsewhere: { id: string; id_slug: string };
let videoSlug: string;
let pdfSlug: string;
let linkFileSlug: string;
let strayVideoSlug: string;
let captionsSlug: string;
const VIDEO_BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]);

const DAY = 86_400_000;

const verification_lessons = (body: { data: { course_part: { modules: { lessons: { video_captions_url: string | null }[] }[] } } }) =>
  body.data.course_part.modules[1].lessons;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  storage = t.app.get(StorageService);
  [me, other, suspended, outsider] = await Promise.all([
    createUser(t, { first_name: 'Aisyah', last_name: 'Rahman' }),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });

  videoSlug = (await storage.save({ data: VIDEO_BYTES, originalName: 'intro.mp4', contentType: 'video/mp4', purpose: 'lesson-video' }))
    .id_slug;
  pdfSlug = (
    await storage.save({
      data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      originalName: 'Logic notes.pdf',
      contentType: 'application/pdf',
      purpose: 'lesson-reading',
    })
  ).id_slug;
  linkFileSlug = (
    await storage.save({
      data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      originalName: 'Links.pdf',
      contentType: 'application/pdf',
      purpose: 'lesson-reading',
    })
  ).id_slug;
  captionsSlug = (
    await storage.save({
      data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n'),
      originalName: 'intro.vtt',
      contentType: 'text/vtt',
      purpose: 'lesson-captions',
    })
  ).id_slug;
  strayVideoSlug = (await storage.save({ data: VIDEO_BYTES, originalName: 'other.mp4', contentType: 'video/mp4', purpose: 'lesson-video' }))
    .id_slug;

  chips = await buildCourse(t, admin, {
    title: 'Digital Chips',
    modules: [
      {
        title: 'RTL',
        lessons: [
          { title: 'Intro video', type: 'VIDEO', video: videoSlug, captions: captionsSlug },
          { title: 'Logic reading', type: 'READING', readings: [pdfSlug], links: ['https://example.com/verilog'] },
          { title: 'RTL quiz', type: 'QUIZ' },
        ],
      },
      {
        title: 'Verification',
        lessons: [
          { title: 'UART project', type: 'PROJECT' },
          { title: 'Testbench video', type: 'VIDEO' },
        ],
      },
      { title: 'Empty module', lessons: [] },
    ],
  });
  // Faults: links an older school stored before links were checked (the editor now takes web addresses
  // only): a stored file's id, and a script.
  await t.ds.query(`UPDATE lessons SET link_urls = link_urls || $2::text[] WHERE id = $1`, [
    chips.lessons['Logic reading'].id,
    [linkFileSlug, 'javascript:alert(1)'],
  ]);
  // The RTL quiz: ten questions in twenty minutes, as the admin writes it.
  await t.http
    .put(`/api/quizzes/admin/lessons/${chips.lessons['RTL quiz'].id_slug}/`)
    .set(bearer(admin))
    .send({
      time_limit_minutes: 20,
      attempts_allowed: 1,
      pass_mark_percentage: null,
      shuffle_questions: false,
      shuffle_options: false,
      draw_count: null,
      questions: [
        ...SIX_KINDS,
        ...[1, 2, 3, 4].map((i) => ({ kind: 'TRUE_FALSE' as const, prompt: `Statement ${i} holds.`, points: 1, correct_boolean: true })),
      ],
    })
    .expect(200);
  analog = await buildCourse(t, admin, {
    title: 'Analog Basics',
    modules: [
      {
        title: 'MOSFETs',
        lessons: [
          { title: 'MOSFET reading', type: 'READING' },
          { title: 'Amplifier quiz', type: 'QUIZ' },
        ],
      },
    ],
  });
  unlinked = await buildCourse(t, admin, {
    title: 'Packaging',
    modules: [{ title: 'Bumps', lessons: [{ title: 'Flip chip', type: 'VIDEO', video: strayVideoSlug }] }],
  });

  cohort = await buildCohort(t, admin, 'Talent Cohort 1', [chips.id_slug, analog.id_slug]);
  ended = await buildCohort(t, admin, 'Old Cohort', [chips.id_slug], { ended: true });
  elsewhere = await buildCohort(t, admin, 'Packaging Cohort', [unlinked.id_slug]);
  await enrolStudent(t, admin, cohort.id_slug, me);
  await enrolStudent(t, admin, cohort.id_slug, other);
  await enrolStudent(t, admin, cohort.id_slug, suspended, 'SUSPENDED');
  await enrolStudent(t, admin, ended.id_slug, me);
  await enrolStudent(t, admin, elsewhere.id_slug, other);

  // I finished the first two lessons of Digital Chips, the reading last (marked, then aged).
  for (const [lesson, ago] of [
    ['Intro video', '2 days'],
    ['Logic reading', '1 day'],
  ] as const) {
    await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: chips.lessons[lesson].id_slug }).expect(200);
    await t.ds.query(`UPDATE lesson_completions SET completed_at = now() - $3::interval WHERE user_id = $1 AND lesson_id = $2`, [
      me.id,
      chips.lessons[lesson].id,
      ago,
    ]);
  }
  // Faults of an older school the views must still show (the product now records neither): stored
  // item statuses beside their dates, and grades without the hand-in or attempt that completes the lesson.
  // Grades: an open quiz; a graded project whose results open later; a graded analog quiz already out.
  const grades = await t.ds.query(
    `INSERT INTO cohort_grades (cohort_id, lesson_id, deadline_datetime, is_mandatory, grade_percentage, result_open_datetime, submission_status) VALUES
       ($1, $2, now() + interval '7 days', false, 10, now() - interval '1 day', 'OPEN'),
       ($1, $3, now() + interval '14 days', true, 60, now() + interval '30 days', 'locked'),
       ($1, $4, now() + interval '21 days', false, 30, now() - interval '1 day', 'locked')
     ${REPLACING_DEFAULT_ITEM} RETURNING id`,
    [cohort.id, chips.lessons['RTL quiz'].id, chips.lessons['UART project'].id, analog.lessons['Amplifier quiz'].id],
  );
  await t.ds.query(
    `INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status) VALUES ($1, $3, 90, 'GRADED'), ($2, $3, 75, 'GRADED')`,
    [grades[1].id, grades[2].id, me.id],
  );
  // Two certificates linked by the admin; Cleanroom Safety issued to me by hand on 2 March (time moved
  // back); Digital Chips in progress, a state older schools recorded (the product now keeps none).
  const chipsCert = await linkNewCertificate(t, admin, cohort.id_slug, 'Digital Chips Certificate');
  const cleanroom = await linkNewCertificate(t, admin, cohort.id_slug, 'Cleanroom Safety');
  const issueByHand = async (c: { id: string; id_slug: string }, cert: string, on: string) => {
    await t.http
      .post(`/api/cohorts/admin/${c.id_slug}/certificates/${cert}/issue`)
      .set(bearer(admin))
      .send({ user_id_slug: me.id_slug, reason: 'Completed before the school moved here' })
      .expect(201);
    await t.ds.query(
      `UPDATE user_certificates SET completion_date = $3 WHERE cohort_id = $1 AND user_id = $2 AND certificate_id = (SELECT id FROM certificates WHERE id_slug = $4)`,
      [c.id, me.id, on, cert],
    );
  };
  await issueByHand(cohort, cleanroom, '2026-03-02T10:00:00Z');
  await t.ds.query(
    `INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress, completion_date)
     SELECT id, $2, $3, 'IN_PROGRESS', NULL FROM certificates WHERE id_slug = $1`,
    [chipsCert, cohort.id, me.id],
  );
  certSlugs = { completed: cleanroom, inProgress: chipsCert };
  // The ended cohort: I graduated with a certificate and a grade.
  const oldCert = await linkNewCertificate(t, admin, ended.id_slug, 'Old Chips Certificate');
  await issueByHand(ended, oldCert, '2026-01-05T10:00:00Z');
  const [oldGrade] = await t.ds.query(
    `INSERT INTO cohort_grades (cohort_id, lesson_id, deadline_datetime, is_mandatory, grade_percentage, result_open_datetime, submission_status)
     VALUES ($1, $2, now() - interval '120 days', true, 100, now() - interval '110 days', 'locked') ${REPLACING_DEFAULT_ITEM} RETURNING id`,
    [ended.id, chips.lessons['RTL quiz'].id],
  );
  await t.ds.query(`INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status) VALUES ($1, $2, 88, 'GRADED')`, [
    oldGrade.id,
    me.id,
  ]);
  endedCertSlug = oldCert;
});
afterAll(async () => t?.close());

let certSlugs: { completed: string; inProgress: string };
let endedCertSlug: string;

const get = (path: string, user?: TestUser) => {
  const req = t.http.get(`/api/${path}`);
  return user ? req.set(bearer(user)) : req;
};
const markComplete = (user: TestUser, cohortSlug: string, body: Record<string, unknown>) =>
  t.http.patch(`/api/cohorts/admin/${cohortSlug}/mark-lesson-complete`).set(bearer(user)).send(body);

function expectNotAvailable(res: { status: number; body: { message?: string } }) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: NOT_AVAILABLE });
}

describe('GET /api/user-cohorts/user/:userIdSlug/', () => {
  it("lists the student's readable cohorts with the lesson completed last", async () => {
    const res = await get(`user-cohorts/user/${me.id_slug}/`, me).expect(200);
    expect(res.body.data).toHaveLength(2); // the ended cohort stays listed, after the one visited last
    const [entry, old] = res.body.data;
    expect(old.cohort_part).toMatchObject({ id_slug: ended.id_slug, title: 'Old Cohort' });
    expect(Date.parse(old.cohort_part.end_access_date)).toBeLessThan(Date.now());
    expect(Date.parse(entry.cohort_part.end_access_date)).toBeGreaterThan(Date.now());
    expect(entry.cohort_part).toMatchObject({ id_slug: cohort.id_slug, title: 'Talent Cohort 1' });
    expect(Date.parse(entry.cohort_part.start_date)).toBeLessThan(Date.parse(entry.cohort_part.end_date));
    expect(entry.latest_lesson_part).toEqual({
      lesson_id: chips.lessons['Logic reading'].id_slug,
      lesson_title: 'Logic reading',
      lesson_type: 'READING',
      completed_at: expect.any(String),
      course_info: { course_id_slug: chips.id_slug, course_title: 'Digital Chips' },
    });
    const ago = Date.now() - Date.parse(entry.latest_lesson_part.completed_at);
    expect(ago).toBeGreaterThan(DAY - 60_000);
    expect(ago).toBeLessThan(DAY + 60_000);
  });

  it('answers with or without the trailing slash', async () => {
    expect((await get(`user-cohorts/user/${me.id_slug}`, me).expect(200)).body.data).toHaveLength(2);
    await get(`cohorts/${cohort.id_slug}/user/${me.id_slug}`, me).expect(200);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete/`)
      .set(bearer(me))
      .send({ user_id_slug: me.id_slug, lesson_id_slug: chips.lessons['Intro video'].id_slug })
      .expect(200);
  });

  it('gives a cohort without completions a null latest lesson, and lists a suspended enrolment', async () => {
    const res = await get(`user-cohorts/user/${suspended.id_slug}/`, suspended).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ latest_lesson_part: null })]);
  });

  it('lists nothing for a student in no cohort, or enrolled as COMPLETED', async () => {
    expect((await get(`user-cohorts/user/${outsider.id_slug}/`, outsider).expect(200)).body).toEqual({ data: [] });
    const done = await createUser(t);
    await enrolStudent(t, admin, cohort.id_slug, done);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/complete-student`)
      .set(bearer(admin))
      .send({ user_id_slug: done.id_slug })
      .expect(200);
    expect((await get(`user-cohorts/user/${done.id_slug}/`, done).expect(200)).body).toEqual({ data: [] });
  });

  it("answers 404 for another student's list, and to an instructor; an admin may read it", async () => {
    expectNotAvailable(await get(`user-cohorts/user/${me.id_slug}/`, other));
    expectNotAvailable(await get(`user-cohorts/user/${me.id_slug}/`, instructor));
    expect((await get(`user-cohorts/user/${me.id_slug}/`, admin).expect(200)).body.data).toHaveLength(2);
  });

  it('needs a valid, unexpired token', async () => {
    await get(`user-cohorts/user/${me.id_slug}/`).expect(401);
    const expired = t.app.get(JwtService, { strict: false }).sign({ sub: me.id_slug, uid: me.id, role: 'STUDENT' }, { expiresIn: -10 });
    await t.http.get(`/api/user-cohorts/user/${me.id_slug}/`).set('Authorization', `Bearer ${expired}`).expect(401);
    await t.http.get(`/api/user-cohorts/user/${me.id_slug}/`).set('Authorization', 'Bearer not-a-token').expect(401);
  });
});

describe('GET /api/cohorts/:id/user/:userIdSlug/', () => {
  it('answers the whole user cohort view', async () => {
    const { body, headers } = await get(`cohorts/${cohort.id_slug}/user/${me.id_slug}/`, me).expect(200);
    // Sent as serialised text: still JSON to every client.
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    const view = body.data;
    expect(view).toMatchObject({ title: 'Talent Cohort 1' });
    expect(view.courses_part.map((c: { title: string }) => c.title)).toEqual(['Digital Chips', 'Analog Basics']);
    const [digital, analogCourse] = view.courses_part;
    expect(digital).toMatchObject({ id_slug: chips.id_slug, total_lessons: 5, completion_percentage: 40 });
    expect(digital.modules.map((m: { title: string }) => m.title)).toEqual(['RTL', 'Verification', 'Empty module']);
    expect(digital.modules[0]).toMatchObject({ completion_percentage: 66.67, order: 0 });
    expect(digital.modules[0].lessons).toEqual([
      { lesson_id: chips.lessons['Intro video'].id_slug, lesson_title: 'Intro video', lesson_type: 'VIDEO', is_completed: true, order: 0 },
      {
        lesson_id: chips.lessons['Logic reading'].id_slug,
        lesson_title: 'Logic reading',
        lesson_type: 'READING',
        is_completed: true,
        order: 1,
      },
      { lesson_id: chips.lessons['RTL quiz'].id_slug, lesson_title: 'RTL quiz', lesson_type: 'QUIZ', is_completed: false, order: 2 },
    ]);
    expect(digital.modules[2]).toMatchObject({ lessons: [], completion_percentage: 0 });
    expect(analogCourse).toMatchObject({ total_lessons: 2, completion_percentage: 0 });

    expect(view.latest_lesson_part).toMatchObject({
      lesson_id: chips.lessons['Logic reading'].id_slug,
      course_info: { course_id_slug: chips.id_slug },
    });
    expect(view.user_cohort_part).toEqual({
      completed_lessons_ids: [chips.lessons['Intro video'].id_slug, chips.lessons['Logic reading'].id_slug],
      cohort_id_slug: cohort.id_slug,
      total_grades: 3,
      enrolment_status: 'ACTIVE',
      // Released grades only: 75 on the analog quiz (weight 30) of weights 10 + 60 + 30.
      weighted_total: 22.5,
    });

    const grades = view.user_grades_part;
    expect(grades.map((g: { cohort_grade_info: { lesson_title: string } }) => g.cohort_grade_info.lesson_title)).toEqual([
      'RTL quiz',
      'UART project',
      'Amplifier quiz',
    ]);
    expect(grades[0]).toMatchObject({ user_grade: null, user_submission_status: 'PENDING' });
    expect(grades[0].cohort_grade_info).toMatchObject({
      course_id: chips.id_slug,
      lesson_id: chips.lessons['RTL quiz'].id_slug,
      is_mandatory: false,
      grade_percentage: 10,
      lesson_type: 'QUIZ',
      submission_status: 'OPEN',
    });
    // Results of the project open in 30 days: the grade stays hidden until then.
    expect(grades[1]).toMatchObject({ user_grade: null, user_submission_status: 'SUBMITTED' });
    expect(Date.parse(grades[1].cohort_grade_info.result_open_datetime)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(grades[2]).toMatchObject({ user_grade: 75, user_submission_status: 'GRADED' });

    expect(view.certificates_part).toEqual([
      {
        id_slug: expect.any(String),
        title: 'Digital Chips Certificate',
        user_certificate: { progress: 'IN_PROGRESS', completion_date: null },
        requirements: expect.objectContaining({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 50 }),
      },
      {
        id_slug: certSlugs.completed,
        title: 'Cleanroom Safety',
        user_certificate: { progress: 'COMPLETED', completion_date: expect.stringMatching(/^2026-03-02T10:00:00/) },
        requirements: expect.objectContaining({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 50 }),
      },
    ]);
  });

  it('compresses the view for browsers with brotli at the API quality', async () => {
    const server = t.app.getHttpServer() as Server;
    if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // node:http, which (unlike fetch and supertest) hands over the bytes as sent.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const path = `/api/cohorts/${cohort.id_slug}/user/${me.id_slug}/`;
      http
        .get({ host: '127.0.0.1', port, path, headers: { ...bearer(me), 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    const text = brotliDecompressSync(raw.body);
    expect(JSON.parse(text.toString()).data.title).toBe('Talent Cohort 1');
    // Quality 1 (API_BROTLI_QUALITY in create-app.ts), not compression's default 4.
    const atQuality = (q: number) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(atQuality(1)).not.toBe(atQuality(4));
    expect(raw.body.length).toBe(atQuality(1));
  });

  it('takes at most 3 SQL statements, whatever the size of the cohort', async () => {
    const big = await buildCourse(t, admin, {
      title: 'Big course',
      modules: Array.from({ length: 6 }, (_m, m) => ({
        title: `Module ${m}`,
        lessons: Array.from({ length: 8 }, (_l, l) => ({ title: `Lesson ${m}.${l}`, type: 'READING' as const })),
      })),
    });
    // A cohort of the two courses and the big one, with me in it.
    const sized = await buildCohort(t, admin, 'Big Cohort', [chips.id_slug, analog.id_slug, big.id_slug]);
    await enrolStudent(t, admin, sized.id_slug, me);
    // The enrolment notice is mailed by a job on the app's pool: counted with the read if it ran now.
    await jobsSettled(t);
    let res: { status: number; body: { data: { courses_part: unknown[] } } } | undefined;
    const statements = await countStatements(async () => {
      res = await get(`cohorts/${sized.id_slug}/user/${me.id_slug}/`, me);
    });
    expect(res!.status).toBe(200);
    expect(res!.body.data.courses_part).toHaveLength(3);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(3);
  });

  it('records the visit as the latest access', async () => {
    // A student just added, who never opened the class.
    const newcomer = await createUser(t);
    await enrolStudent(t, admin, cohort.id_slug, newcomer);
    await get(`cohorts/${cohort.id_slug}/user/${newcomer.id_slug}/`, newcomer).expect(200);
    const [row] = await t.ds.query(`SELECT latest_access_datetime FROM enrolments WHERE user_id = $1 AND cohort_id = $2`, [
      newcomer.id,
      cohort.id,
    ]);
    expect(Date.now() - new Date(row.latest_access_datetime).getTime()).toBeLessThan(60_000);
  });

  it('lets a SUSPENDED student see the class', async () => {
    const { body } = await get(`cohorts/${cohort.id_slug}/user/${suspended.id_slug}/`, suspended).expect(200);
    expect(body.data.user_cohort_part.enrolment_status).toBe('SUSPENDED');
    expect(body.data.user_cohort_part.completed_lessons_ids).toEqual([]);
  });

  it('keeps an ended class readable after its end_access_date, with its grades and certificates', async () => {
    const { body } = await get(`cohorts/${ended.id_slug}/user/${me.id_slug}/`, me).expect(200);
    expect(body.data.title).toBe('Old Cohort');
    expect(Date.parse(body.data.end_access_date)).toBeLessThan(Date.now());
    expect(body.data.certificates_part).toEqual([
      {
        id_slug: endedCertSlug,
        title: 'Old Chips Certificate',
        user_certificate: { progress: 'COMPLETED', completion_date: '2026-01-05T10:00:00+00:00' },
        requirements: expect.objectContaining({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 50 }),
      },
    ]);
    // The graded quiz, and the course's other graded lesson with the item linking made for it (never handed in).
    expect(body.data.user_grades_part).toEqual([
      expect.objectContaining({ user_grade: 88, user_submission_status: 'GRADED' }),
      expect.objectContaining({ user_grade: null, user_submission_status: 'PENDING' }),
    ]);
  });

  it('answers the same 404 for another student, a cohort the student is not in and an unknown cohort', async () => {
    expectNotAvailable(await get(`cohorts/${cohort.id_slug}/user/${me.id_slug}/`, other));
    expectNotAvailable(await get(`cohorts/${elsewhere.id_slug}/user/${me.id_slug}/`, me));
    expectNotAvailable(await get(`cohorts/${ended.id_slug}/user/${other.id_slug}/`, other));
    expectNotAvailable(await get(`cohorts/0123456789abcdef0123456789abcdef/user/${me.id_slug}/`, me));
    expectNotAvailable(await get(`cohorts/${cohort.id_slug}/user/${me.id_slug}/`, instructor));
  });

  it('is readable by an admin without touching the access time, and needs a token', async () => {
    // A student just added, who never opened the class: the admin's reading leaves that so.
    const newcomer = await createUser(t);
    await enrolStudent(t, admin, cohort.id_slug, newcomer);
    await get(`cohorts/${cohort.id_slug}/user/${newcomer.id_slug}/`, admin).expect(200);
    const [row] = await t.ds.query(`SELECT latest_access_datetime FROM enrolments WHERE user_id = $1 AND cohort_id = $2`, [
      newcomer.id,
      cohort.id,
    ]);
    expect(row.latest_access_datetime).toBeNull();
    await get(`cohorts/${cohort.id_slug}/user/${newcomer.id_slug}/`).expect(401);
  });
});

describe('GET /api/cohorts/:cohortId/courses/:courseId/user/:userIdSlug/', () => {
  const path = (courseSlug: string, user: TestUser, cohortSlug = cohort.id_slug) =>
    `cohorts/${cohortSlug}/courses/${courseSlug}/user/${user.id_slug}/`;

  it('answers the course with every lesson in full and signed file URLs', async () => {
    const { body } = await get(path(chips.id_slug, me), me).expect(200);
    const course = body.data.course_part;
    expect(course).toMatchObject({ id_slug: chips.id_slug, title: 'Digital Chips', enrolment_status: 'ACTIVE' });
    expect(course.completed_lessons.sort()).toEqual([chips.lessons['Intro video'].id_slug, chips.lessons['Logic reading'].id_slug].sort());
    const [rtl, verification] = course.modules;
    expect(rtl.lessons.map((l: { title: string }) => l.title)).toEqual(['Intro video', 'Logic reading', 'RTL quiz']);
    const [video, reading, quiz] = rtl.lessons;
    expect(video).toMatchObject({
      lesson_type: 'VIDEO',
      video_lecture_id_slug: videoSlug,
      is_completed: true,
      cohort_grade: null,
      user_cohort_grade: null,
    });
    expect(video).not.toHaveProperty('video_captions_id_slug');
    const track = await t.http.get(video.video_captions_url).expect(200);
    expect(track.headers['content-type']).toMatch(/^text\/vtt/);
    expect(track.text).toContain('WEBVTT');
    expect(verification_lessons(body)[1].video_captions_url).toBeNull();
    expect(quiz.quiz_group).toMatchObject({ total_questions: 10, time_limit_minutes: 20 });
    expect(quiz.cohort_grade).toMatchObject({ grade_percentage: 10, submission_status: 'OPEN', is_mandatory: false });

    expect(reading.reading_files).toEqual([
      { name: 'Logic notes.pdf', url: expect.stringMatching(/^\/api\/files\//), download_url: expect.stringContaining('dl=1') },
    ]);
    expect(reading.reading_pdf_id_slugs).toEqual([reading.reading_files[0].url]);
    // The outside link stays as it is, the stored one is signed, the script URL is dropped.
    expect(reading.links).toEqual([
      { title: 'https://example.com/verilog', url: 'https://example.com/verilog', is_file: false },
      { title: 'Links.pdf', url: expect.stringMatching(/^\/api\/files\//), is_file: true },
    ]);
    expect(reading.link_urls).toEqual(reading.links.map((l: { url: string }) => l.url));
    const file = await t.http.get(reading.reading_files[0].download_url).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    await t.http.get(reading.links[1].url).expect(200);

    // The graded project of results not yet open shows no grade, and reads SUBMITTED until then (as in the cohort view).
    expect(verification.lessons[0].user_cohort_grade).toMatchObject({ user_grade: null, user_submission_status: 'SUBMITTED' });
  });

  it('answers 404 for a course not in the cohort or another student', async () => {
    expectNotAvailable(await get(path(unlinked.id_slug, me), me));
    expectNotAvailable(await get(path(chips.id_slug, me), other));
    expectNotAvailable(await get(path(chips.id_slug, other, ended.id_slug), other));
    await get(path(chips.id_slug, me)).expect(401);
  });

  it('locks the lessons of a class whose access has ended, saying so', async () => {
    const res = await get(path(chips.id_slug, me, ended.id_slug), me).expect(403);
    expect(res.body).toEqual({ message: ACCESS_ENDED_MESSAGE });
  });

  it('tells a SUSPENDED student their status', async () => {
    const { body } = await get(path(analog.id_slug, suspended), suspended).expect(200);
    expect(body.data.course_part.enrolment_status).toBe('SUSPENDED');
  });
});

describe('GET /api/lessons/video/url', () => {
  it('answers a short-lived signed URL that serves the video with range requests', async () => {
    const { body } = await get(`lessons/video/url?url=${videoSlug}`, me).expect(200);
    expect(body.url).toMatch(new RegExp(`^/api/files/${videoSlug}\\?exp=\\d+&dl=0&sig=`));
    const exp = Number(new URL(body.url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(t.config.FILE_URL_TTL_SECONDS * 1000);
    const part = await t.http.get(body.url).set('Range', 'bytes=4-11').expect(206);
    expect(Buffer.from(part.body).toString()).toBe('ftypisom');
    const full = await t.http.get(body.url).expect(200);
    expect(full.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ignores a storage prefix in front of the id', async () => {
    const { body } = await get(`lessons/video/url?url=${encodeURIComponent(`videos/${videoSlug}`)}`, me).expect(200);
    expect(body.url).toContain(videoSlug);
  });

  it("answers 404 for a video of a cohort the student is not in, a suspended student's other cohorts, or an unknown id", async () => {
    expectNotAvailable(await get(`lessons/video/url?url=${strayVideoSlug}`, me));
    expectNotAvailable(await get(`lessons/video/url?url=${videoSlug}`, outsider));
    expectNotAvailable(await get('lessons/video/url?url=0123456789abcdef0123456789abcdef', me));
    // A suspended student still watches the class.
    await get(`lessons/video/url?url=${videoSlug}`, suspended).expect(200);
    // An admin may open any lesson's video.
    await get(`lessons/video/url?url=${strayVideoSlug}`, admin).expect(200);
  });

  it('needs a url and a token', async () => {
    const res = await get('lessons/video/url', me).expect(400);
    expect(res.body.errors).toEqual({ url: 'url is required' });
    await get(`lessons/video/url?url=${videoSlug}`).expect(401);
  });

  it('stops serving the video once the cohort has ended', async () => {
    const late = await createUser(t);
    await enrolStudent(t, admin, ended.id_slug, late);
    expectNotAvailable(await get(`lessons/video/url?url=${videoSlug}`, late));
  });
});

describe('PATCH /api/cohorts/admin/:cohortId/mark-lesson-complete', () => {
  const quiz = () => chips.lessons['RTL quiz'].id_slug;
  const video = () => chips.lessons['Testbench video'].id_slug;

  it('marks a lesson complete once, recomputing progress, and answers the cohort id', async () => {
    const first = await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: video() }).expect(200);
    expect(first.body).toEqual({ cohort_id_slug: cohort.id_slug });
    await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: video() }).expect(200);
    const rows = await t.ds.query(`SELECT 1 FROM lesson_completions WHERE user_id = $1 AND cohort_id = $2 AND lesson_id = $3`, [
      me.id,
      cohort.id,
      chips.lessons['Testbench video'].id,
    ]);
    expect(rows).toHaveLength(1);
    // 3 of the 7 lessons of the cohort's two courses.
    const [enrolment] = await t.ds.query(
      `SELECT enrolment_completion(user_id, cohort_id) AS completion_percentage, latest_access_datetime FROM enrolments WHERE user_id = $1 AND cohort_id = $2`,
      [me.id, cohort.id],
    );
    expect(Number(enrolment.completion_percentage)).toBe(42.86);
    expect(enrolment.latest_access_datetime).not.toBeNull();
    const { body } = await get(`cohorts/${cohort.id_slug}/user/${me.id_slug}/`, me).expect(200);
    expect(body.data.courses_part[0]).toMatchObject({ completion_percentage: 60 });
    expect(body.data.courses_part[0].modules[1].completion_percentage).toBe(50);
    expect(body.data.latest_lesson_part.lesson_id).toBe(video());
  });

  it('refuses a quiz or a project with a 422 and writes nothing: they complete through their attempt or submission', async () => {
    for (const lesson of [quiz(), chips.lessons['UART project'].id_slug]) {
      const res = await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: lesson }).expect(422);
      expect(res.body).toEqual({ message: SUBMITTED_LESSON_MESSAGE });
    }
    expect(
      await t.ds.query(`SELECT 1 FROM lesson_completions WHERE user_id = $1 AND lesson_id IN ($2, $3)`, [
        me.id,
        chips.lessons['RTL quiz'].id,
        chips.lessons['UART project'].id,
      ]),
    ).toEqual([]);
  });

  it('refuses any lesson of a class whose access has ended, and writes nothing', async () => {
    const res = await markComplete(me, ended.id_slug, {
      user_id_slug: me.id_slug,
      lesson_id_slug: chips.lessons['Intro video'].id_slug,
    }).expect(403);
    expect(res.body).toEqual({ message: ACCESS_ENDED_MESSAGE });
    expect(await t.ds.query(`SELECT 1 FROM lesson_completions WHERE user_id = $1 AND cohort_id = $2`, [me.id, ended.id])).toEqual([]);
  });

  it('refuses a SUSPENDED student and writes nothing', async () => {
    const res = await markComplete(suspended, cohort.id_slug, { user_id_slug: suspended.id_slug, lesson_id_slug: video() }).expect(403);
    expect(res.body.message).toBe(SUSPENDED_MESSAGE);
    expect(await t.ds.query(`SELECT 1 FROM lesson_completions WHERE user_id = $1`, [suspended.id])).toEqual([]);
  });

  it("answers 404 for another student's id, a lesson outside the cohort or a cohort the student is not in", async () => {
    expectNotAvailable(await markComplete(me, cohort.id_slug, { user_id_slug: other.id_slug, lesson_id_slug: quiz() }));
    expectNotAvailable(
      await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: unlinked.lessons['Flip chip'].id_slug }),
    );
    expectNotAvailable(await markComplete(other, ended.id_slug, { user_id_slug: other.id_slug, lesson_id_slug: video() }));
    expectNotAvailable(await markComplete(outsider, cohort.id_slug, { user_id_slug: outsider.id_slug, lesson_id_slug: quiz() }));
    expect(
      await t.ds.query(`SELECT 1 FROM lesson_completions WHERE user_id = $1 AND lesson_id = $2`, [other.id, chips.lessons['RTL quiz'].id]),
    ).toEqual([]);
  });

  it('lets an admin mark a lesson for a student', async () => {
    await markComplete(admin, cohort.id_slug, {
      user_id_slug: other.id_slug,
      lesson_id_slug: analog.lessons['MOSFET reading'].id_slug,
    }).expect(200);
    const { body } = await get(`cohorts/${cohort.id_slug}/user/${other.id_slug}/`, other).expect(200);
    expect(body.data.user_cohort_part.completed_lessons_ids).toEqual([analog.lessons['MOSFET reading'].id_slug]);
  });

  it('validates the body and needs a token', async () => {
    const res = await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug }).expect(400);
    expect(res.body.errors).toHaveProperty('lesson_id_slug');
    await markComplete(me, cohort.id_slug, { user_id_slug: me.id_slug, lesson_id_slug: quiz(), cohort_id: 'x' }).expect(400);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete`)
      .send({ user_id_slug: me.id_slug, lesson_id_slug: quiz() })
      .expect(401);
  });
});

describe('GET /api/cohorts/:cohortId/certificates/:certificateId/user/:userIdSlug/document', () => {
  const path = (certSlug: string, user: TestUser) => `cohorts/${cohort.id_slug}/certificates/${certSlug}/user/${user.id_slug}/document`;

  it('issues the PDF of a completed certificate once and serves it signed', async () => {
    const first = await get(path(certSlugs.completed, me), me).expect(200);
    expect(first.body.completion_date).toBe('2026-03-02T10:00:00.000Z');
    const pdf = await getBytes(t, first.body.url).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const { lines } = await readPdf(pdf.body as Buffer);
    expect(lines).toContain('Aisyah Rahman');
    expect(lines).toContain('Cleanroom Safety');
    expect(lines).toContain('Issued on 2 March 2026');
    const download = await t.http.get(first.body.download_url).expect(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Cleanroom Safety - Aisyah Rahman\.pdf"; filename\*=UTF-8''Cleanroom%20Safety%20-%20Aisyah%20Rahman\.pdf/,
    );
    await get(path(certSlugs.completed, me), me).expect(200);
    expect(await t.ds.query(`SELECT 1 FROM stored_files WHERE purpose = 'certificate'`)).toHaveLength(1);
  });

  it("still serves a graduate's certificate after the class's access has ended", async () => {
    const res = await get(`cohorts/${ended.id_slug}/certificates/${endedCertSlug}/user/${me.id_slug}/document`, me).expect(200);
    expect(res.body.completion_date).toBe('2026-01-05T10:00:00.000Z');
    await t.http.get(res.body.download_url).expect(200);
  });

  it('answers 404 for a certificate in progress, or one of another student', async () => {
    expectNotAvailable(await get(path(certSlugs.inProgress, me), me));
    expectNotAvailable(await get(path(certSlugs.completed, me), other));
    expectNotAvailable(await get(path(certSlugs.completed, other), other));
  });
});
