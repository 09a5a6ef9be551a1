import { LINK_URL_MESSAGE } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { FILE_PURPOSE, StorageService } from '../../src/platform/storage/storage.service';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let instructor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
});
afterAll(async () => t?.close());

const as = (u: TestUser) => bearer(u);

describe('POST /api/courses/admin/create/', () => {
  it('creates a course and answers it with empty counts', async () => {
    const res = await t.http
      .post('/api/courses/admin/create/')
      .set(as(admin))
      .send({ title: '  Wafer Fab Basics ', description: 'Cleanrooms' })
      .expect(201);
    expect(res.body).toMatchObject({
      title: 'Wafer Fab Basics',
      description: 'Cleanrooms',
      modules_count: 0,
      lessons_count: 0,
      cohorts_count: 0,
    });
    expect(res.body.id_slug).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(res.body.created_date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('requires a title with the spec message; the description is optional', async () => {
    const res = await t.http.post('/api/courses/admin/create/').set(as(admin)).send({ title: '   ' }).expect(400);
    expect(res.body.errors).toEqual({ title: 'Course title is required' });
    await t.http.post('/api/courses/admin/create/').set(as(admin)).send({ title: 'No description' }).expect(201);
  });

  it.each([
    ['student', () => student],
    ['instructor', () => instructor],
  ])('refuses a %s with 403 and creates nothing', async (_, who) => {
    await t.http.post('/api/courses/admin/create/').set(as(who())).send({ title: 'Sneaky course' }).expect(403);
    expect(await t.ds.query(`SELECT 1 FROM courses WHERE title = 'Sneaky course'`)).toEqual([]);
  });
});

describe('PATCH /api/courses/admin/:id/update/', () => {
  it('changes title and description and answers the id_slug', async () => {
    const course = await makeCourse(t, admin, { title: 'Old title', description: 'Old' });
    const res = await t.http
      .patch(`/api/courses/admin/${course.id_slug}/update/`)
      .set(as(admin))
      .send({ title: 'New title', description: 'New' })
      .expect(200);
    expect(res.body).toEqual({ id_slug: course.id_slug });
    const detail = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(as(admin)).expect(200);
    expect(detail.body.data).toMatchObject({ title: 'New title', description: 'New' });
  });

  it('requires the title, answers 404 for an unknown course and 403 to a student', async () => {
    const course = await makeCourse(t, admin, { title: 'Keep me' });
    const res = await t.http.patch(`/api/courses/admin/${course.id_slug}/update/`).set(as(admin)).send({ title: '' }).expect(400);
    expect(res.body.errors.title).toBe('Course title is required');
    await t.http.patch('/api/courses/admin/nope/update/').set(as(admin)).send({ title: 'X' }).expect(404);
    await t.http.patch(`/api/courses/admin/${course.id_slug}/update/`).set(as(student)).send({ title: 'Hacked' }).expect(403);
    await t.http.patch(`/api/courses/admin/${course.id_slug}/update/`).set(as(instructor)).send({ title: 'Hacked' }).expect(403);
    const [row] = await t.ds.query(`SELECT title FROM courses WHERE id_slug = $1`, [course.id_slug]);
    expect(row.title).toBe('Keep me');
  });
});

describe('GET /api/courses/admin/list', () => {
  let cohortSlug: string;
  beforeAll(async () => {
    await t.ds.query(`DELETE FROM courses`);
    const titles = [
      'Analog Layout',
      'CMOS Process Integration',
      'Digital Verification',
      'analog mixed-signal',
      'Failure Analysis',
      'Packaging 101',
      'Photolithography',
      'Yield Engineering',
      'Zeta Course',
    ];
    const made = [];
    for (const title of titles)
      made.push(
        await makeCourse(t, admin, {
          title,
          modules: title === 'Analog Layout' ? [{ title: 'M1', lessons: [{ title: 'L1' }, { title: 'L2' }] }] : [],
        }),
      );
    cohortSlug = (await makeCohort(t, admin, { title: 'List cohort', course_ids: [made[0].id_slug, made[2].id_slug] })).id_slug;
  });

  it('pages by 7, sorted by title by default, with count and num_pages', async () => {
    const res = await t.http.get('/api/courses/admin/list').set(as(admin)).expect(200);
    expect(res.body.count).toBe(9);
    expect(res.body.num_pages).toBe(2);
    expect(res.body.data).toHaveLength(7);
    expect(res.body.data[0]).toMatchObject({ title: 'Analog Layout', modules_count: 1, lessons_count: 2, cohorts_count: 1 });
    const page2 = await t.http.get('/api/courses/admin/list?page=2').set(as(admin)).expect(200);
    expect(page2.body.data.map((c: { title: string }) => c.title)).toEqual(['Yield Engineering', 'Zeta Course']);
  });

  it('sorts Z-A, Oldest and Newest', async () => {
    const za = await t.http.get('/api/courses/admin/list?order_by=-title&page_size=2').set(as(admin)).expect(200);
    expect(za.body.data.map((c: { title: string }) => c.title)).toEqual(['Zeta Course', 'Yield Engineering']);
    const oldest = await t.http.get('/api/courses/admin/list?order_by=created_date&page_size=1').set(as(admin)).expect(200);
    expect(oldest.body.data[0].title).toBe('Analog Layout');
    const newest = await t.http.get('/api/courses/admin/list?order_by=-created_date&page_size=1').set(as(admin)).expect(200);
    expect(newest.body.data[0].title).toBe('Zeta Course');
  });

  it('searches titles case-insensitively, literally', async () => {
    const res = await t.http.get('/api/courses/admin/list?search_query=ANALOG').set(as(admin)).expect(200);
    expect(res.body.data.map((c: { title: string }) => c.title).sort()).toEqual(['Analog Layout', 'analog mixed-signal']);
    expect(res.body.count).toBe(2);
    const none = await t.http.get('/api/courses/admin/list?search_query=%25').set(as(admin)).expect(200);
    expect(none.body).toEqual({ data: [], count: 0, num_pages: 0 });
  });

  it('filters to the courses of a cohort', async () => {
    const res = await t.http.get(`/api/courses/admin/list?cohort_id_slug=${cohortSlug}`).set(as(admin)).expect(200);
    expect(res.body.data.map((c: { title: string }) => c.title)).toEqual(['Analog Layout', 'Digital Verification']);
  });

  it('refuses an unknown sort and a page size over 100', async () => {
    const bad = await t.http.get('/api/courses/admin/list?order_by=password_hash').set(as(admin)).expect(400);
    expect(bad.body.errors.order_by).toMatch(/^order_by must be one of/);
    await t.http.get('/api/courses/admin/list?page_size=101').set(as(admin)).expect(400);
  });

  it('is for admins only', async () => {
    await t.http.get('/api/courses/admin/list').set(as(student)).expect(403);
    await t.http.get('/api/courses/admin/list').set(as(instructor)).expect(403);
    await t.http.get('/api/courses/admin/list').expect(401);
  });
});

describe('curriculum', () => {
  it('adds a module at the given order and renumbers the modules from 0', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Modules course',
      modules: [
        { title: 'First', lessons: [] },
        { title: 'Third', lessons: [] },
      ],
    });
    const res = await t.http
      .post(`/api/courses/admin/${course.id_slug}/add-module/`)
      .set(as(admin))
      .send({ title: 'Second', order: 1, lessons: [{ title: 'Intro quiz', order: 5, lesson_type: 'QUIZ' }] })
      .expect(201);
    expect(res.body.id_slug).toMatch(/^[0-9a-f]{32}$/);
    const end = await t.http
      .post(`/api/courses/admin/${course.id_slug}/add-module/`)
      .set(as(admin))
      .send({ title: 'Last', order: 99 })
      .expect(201);
    const detail = (await t.http.get(`/api/courses/admin/${course.id_slug}`).set(as(admin)).expect(200)).body.data;
    expect(detail.modules.map((m: { title: string; order: number }) => [m.title, m.order])).toEqual([
      ['First', 0],
      ['Second', 1],
      ['Third', 2],
      ['Last', 3],
    ]);
    expect(detail.modules[1]).toMatchObject({ id_slug: res.body.id_slug, lessons_count: 1 });
    expect(detail.modules[1].lessons[0]).toMatchObject({ title: 'Intro quiz', order: 0, lesson_type: 'QUIZ', cohort_grade: null });
    expect(detail.modules[3].id_slug).toBe(end.body.id_slug);
  });

  it('validates add-module with the spec messages and refuses non-admins', async () => {
    const course = await makeCourse(t, admin, { title: 'Validation course' });
    const res = await t.http
      .post(`/api/courses/admin/${course.id_slug}/add-module/`)
      .set(as(admin))
      .send({ title: '', order: 0 })
      .expect(400);
    expect(res.body.errors.title).toBe('Module title is required');
    const lesson = await t.http
      .post(`/api/courses/admin/${course.id_slug}/add-module/`)
      .set(as(admin))
      .send({ title: 'M', order: 0, lessons: [{ title: ' ', order: 0, lesson_type: 'QUIZ' }] })
      .expect(400);
    expect(lesson.body.errors['lessons.0.title']).toBe('Lesson title is required');
    await t.http.post('/api/courses/admin/missing/add-module/').set(as(admin)).send({ title: 'M', order: 0 }).expect(404);
    await t.http.post(`/api/courses/admin/${course.id_slug}/add-module/`).set(as(student)).send({ title: 'M', order: 0 }).expect(403);
    await t.http.post(`/api/courses/admin/${course.id_slug}/add-module/`).set(as(instructor)).send({ title: 'M', order: 0 }).expect(403);
    expect(await t.ds.query(`SELECT 1 FROM modules m JOIN courses c ON c.id = m.course_id WHERE c.id_slug = $1`, [course.id_slug])).toEqual(
      [],
    );
  });

  it('refuses a lesson link that is not a web address (javascript:, data:...) with a field message, changing nothing', async () => {
    const course = await makeCourse(t, admin, { title: 'Links course', modules: [{ title: 'M', lessons: [{ title: 'Kept' }] }] });
    for (const link of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd']) {
      const res = await t.http
        .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
        .set(as(admin))
        .send({
          modules: [
            {
              id_slug: course.modules[0].id_slug,
              title: 'M',
              order: 0,
              lessons: [{ title: 'Sneaky', order: 0, lesson_type: 'READING', link_urls: ['https://example.com/ok', link] }],
            },
          ],
        })
        .expect(400);
      expect(res.body.errors).toEqual({ 'modules.0.lessons.0.link_urls.1': LINK_URL_MESSAGE });
    }
    const lessons = await t.ds.query(`SELECT l.title FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.id_slug = $1`, [
      course.modules[0].id_slug,
    ]);
    expect(lessons).toEqual([{ title: 'Kept' }]);
  });

  it('saves renames, moves, deletions and new items in one call, renumbering orders from 0', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Editor course',
      modules: [
        { title: 'Alpha', lessons: [{ title: 'A1' }, { title: 'A2', lesson_type: 'PROJECT' }, { title: 'A3' }] },
        { title: 'Beta', lessons: [{ title: 'B1' }] },
        { title: 'Gamma', lessons: [{ title: 'G1' }] },
      ],
    });
    const [alpha, beta, gamma] = course.modules;
    const [a1, a2, a3] = alpha.lessons;
    const res = await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(as(admin))
      .send({
        modules: [
          // Beta first, renamed, receiving A3 from Alpha; Gamma is deleted with its lesson.
          {
            id_slug: beta.id_slug,
            title: 'Beta renamed',
            order: 10,
            lessons: [
              { id_slug: a3.id_slug, title: 'A3 moved', order: 0, lesson_type: 'QUIZ' },
              { id_slug: beta.lessons[0].id_slug, title: 'B1', order: 1, lesson_type: 'QUIZ' },
            ],
          },
          {
            id_slug: alpha.id_slug,
            title: 'Alpha',
            order: 20,
            lessons: [
              { id_slug: a2.id_slug, title: 'A2', order: 7, lesson_type: 'PROJECT' },
              { title: 'New reading', order: 8, lesson_type: 'READING', link_urls: ['https://example.com/notes'] },
            ],
          },
          { title: 'Delta', order: 30, lessons: [{ title: 'D1', order: 3, lesson_type: 'QUIZ' }] },
        ],
      })
      .expect(200);
    expect(res.body.id_slug).toBe(course.id_slug);
    const shape = res.body.modules.map((m: { title: string; order: number; lessons: { title: string; order: number }[] }) => [
      m.title,
      m.order,
      m.lessons.map((l) => `${l.order}:${l.title}`),
    ]);
    expect(shape).toEqual([
      ['Beta renamed', 0, ['0:A3 moved', '1:B1']],
      ['Alpha', 1, ['0:A2', '1:New reading']],
      ['Delta', 2, ['0:D1']],
    ]);
    expect(res.body.modules[0].lessons[0].id_slug).toBe(a3.id_slug);
    expect(res.body.modules[1].lessons[1].link_urls).toEqual(['https://example.com/notes']);
    const gone = await t.ds.query(
      `SELECT id_slug FROM modules WHERE id_slug = $1 UNION ALL SELECT id_slug FROM lessons WHERE id_slug = ANY($2)`,
      [gamma.id_slug, [a1.id_slug, gamma.lessons[0].id_slug]],
    );
    expect(gone).toEqual([]);
  });

  it('refuses modules and lessons of another course and writes nothing', async () => {
    const mine = await makeCourse(t, admin, { title: 'Mine', modules: [{ title: 'Keep', lessons: [{ title: 'K1' }] }] });
    const other = await makeCourse(t, admin, { title: 'Other', modules: [{ title: 'Theirs', lessons: [{ title: 'T1' }] }] });
    const res = await t.http
      .put(`/api/courses/admin/${mine.id_slug}/modules/update/`)
      .set(as(admin))
      .send({
        modules: [
          { title: 'Would be new', order: 0, lessons: [] },
          {
            id_slug: mine.modules[0].id_slug,
            title: 'Keep',
            order: 1,
            lessons: [{ id_slug: other.modules[0].lessons[0].id_slug, title: 'Stolen', order: 0, lesson_type: 'QUIZ' }],
          },
        ],
      })
      .expect(400);
    expect(res.body.errors['modules.1.lessons.0.id_slug']).toBe('This lesson is not part of the course');
    const after = (await t.http.get(`/api/courses/admin/${mine.id_slug}`).set(as(admin))).body.data;
    expect(after.modules.map((m: { title: string }) => m.title)).toEqual(['Keep']);
    expect(after.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(['K1']);
    const theirs = (await t.http.get(`/api/courses/admin/${other.id_slug}`).set(as(admin))).body.data;
    expect(theirs.modules[0].lessons[0].title).toBe('T1');
  });

  it('requires module and lesson titles with the spec messages', async () => {
    const course = await makeCourse(t, admin, { title: 'Titles' });
    const res = await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(as(admin))
      .send({ modules: [{ title: '', order: 0, lessons: [{ title: '', order: 0, lesson_type: 'QUIZ' }] }] })
      .expect(400);
    expect(res.body.errors).toMatchObject({
      'modules.0.title': 'Module title is required',
      'modules.0.lessons.0.title': 'Lesson title is required',
    });
  });

  it('keeps a lesson pointing only at stored files', async () => {
    const course = await makeCourse(t, admin, { title: 'Files' });
    const res = await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(as(admin))
      .send({
        modules: [{ title: 'M', order: 0, lessons: [{ title: 'V', order: 0, lesson_type: 'VIDEO', video_lecture_id_slug: 'not-a-file' }] }],
      })
      .expect(400);
    expect(res.body.message).toBe('File not-a-file does not exist');
  });

  it("lets a lesson point only at files stored for lessons, never at an applicant's upload or a certificate", async () => {
    const course = await makeCourse(t, admin, { title: 'Purposes' });
    const storage = t.app.get(StorageService);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    // A résumé uploaded by a stranger through the public application form.
    const upload = await t.http
      .post('/api/upload/file_upload/')
      .attach('file', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' })
      .expect(201);
    const resume = /\/api\/files\/([^?]+)/.exec(upload.body.url)![1];
    const certificate = (
      await storage.save({ data: pdf, originalName: 'c.pdf', contentType: 'application/pdf', purpose: FILE_PURPOSE.certificate })
    ).id_slug;
    const reading = (
      await storage.save({ data: pdf, originalName: 'r.pdf', contentType: 'application/pdf', purpose: FILE_PURPOSE.lessonReading })
    ).id_slug;
    const video = (await storage.save({ data: pdf, originalName: 'v.mp4', contentType: 'video/mp4', purpose: FILE_PURPOSE.lessonVideo }))
      .id_slug;
    const save = (lesson: object) =>
      t.http
        .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
        .set(as(admin))
        .send({ modules: [{ title: 'M', order: 0, lessons: [{ title: 'L', order: 0, ...lesson }] }] });

    for (const [lesson, message] of [
      [{ lesson_type: 'READING', reading_pdf_id_slugs: [resume] }, `File ${resume} is not a lesson reading`],
      [{ lesson_type: 'READING', reading_pdf_id_slugs: [reading, certificate] }, `File ${certificate} is not a lesson reading`],
      [{ lesson_type: 'VIDEO', video_lecture_id_slug: resume }, `File ${resume} is not a lesson video`],
      [{ lesson_type: 'VIDEO', video_lecture_id_slug: reading }, `File ${reading} is not a lesson video`],
    ] as const) {
      const res = await save(lesson).expect(400);
      expect(res.body).toEqual({ message, errors: { modules: message } });
    }
    expect(
      await t.ds.query(`SELECT 1 FROM modules md JOIN courses c ON c.id = md.course_id WHERE c.id_slug = $1`, [course.id_slug]),
    ).toEqual([]);
    await save({ lesson_type: 'VIDEO', video_lecture_id_slug: video, reading_pdf_id_slugs: [reading] }).expect(200);
  });

  it('refuses curriculum saves from students and instructors', async () => {
    const course = await makeCourse(t, admin, { title: 'Guarded', modules: [{ title: 'M', lessons: [{ title: 'L' }] }] });
    for (const who of [student, instructor]) {
      await t.http.put(`/api/courses/admin/${course.id_slug}/modules/update/`).set(as(who)).send({ modules: [] }).expect(403);
    }
    const after = (await t.http.get(`/api/courses/admin/${course.id_slug}`).set(as(admin))).body.data;
    expect(after.modules).toHaveLength(1);
  });
});

describe('GET /api/courses/admin/:id', () => {
  it('answers curriculum, linked cohorts and engagement', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Engaged course',
      modules: [
        {
          title: 'One',
          lessons: [
            { title: 'L1', lesson_type: 'READING' },
            { title: 'L2', lesson_type: 'READING' },
          ],
        },
        {
          title: 'Two',
          lessons: [
            { title: 'L3', lesson_type: 'READING' },
            { title: 'L4', lesson_type: 'READING' },
          ],
        },
      ],
    });
    const cohort = await makeCohort(t, admin, { title: 'Engagement cohort', course_ids: [course.id_slug] });
    const students = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    for (const s of students) await enrol(t, admin, cohort.id_slug, s);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
      .set(as(admin))
      .send({ user_id_slug: students[3].id_slug, enrolment_status: 'SUSPENDED' })
      .expect(200);
    // Student 0 finished module One (2 lessons) and one lesson of Two; student 1 one lesson of One.
    const lessons = course.modules.flatMap((m) => m.lessons);
    const complete = (s: TestUser, title: string) =>
      t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete`)
        .set(as(s))
        .send({ user_id_slug: s.id_slug, lesson_id_slug: lessons.find((l) => l.title === title)!.id_slug })
        .expect(200);
    for (const title of ['L1', 'L2', 'L3']) await complete(students[0], title);
    await complete(students[1], 'L1');
    const res = await t.http.get(`/api/courses/admin/${course.id_slug}`).set(as(admin)).expect(200);
    const data = res.body.data;
    expect(data.cohorts).toEqual([
      expect.objectContaining({ id_slug: cohort.id_slug, title: 'Engagement cohort', status: 'ONGOING', total_students: 4 }),
    ]);
    expect(data.engagement).toMatchObject({ active_students: 3, total_students: 4, total_dropped: 1 });
    // 4 completions of 4 students x 4 lessons; module One: 3 of 8, module Two: 1 of 8.
    expect(data.engagement.course_completion_percentage).toBe(25);
    expect(data.engagement.modules_engagement).toEqual([
      {
        module_id_slug: data.modules[0].id_slug,
        module_title: 'One',
        module_completion_percentage: 37.5,
        lessons_engagement: [
          { lesson_id_slug: data.modules[0].lessons[0].id_slug, lesson_title: 'L1', lesson_lesson_type: 'READING' },
          { lesson_id_slug: data.modules[0].lessons[1].id_slug, lesson_title: 'L2', lesson_lesson_type: 'READING' },
        ],
      },
      expect.objectContaining({ module_title: 'Two', module_completion_percentage: 12.5 }),
    ]);
  });

  it('answers 404 for an unknown course and 403 to a student', async () => {
    await t.http.get('/api/courses/admin/0123456789abcdef0123456789abcdef').set(as(admin)).expect(404);
    const course = await makeCourse(t, admin, { title: 'Private' });
    await t.http.get(`/api/courses/admin/${course.id_slug}`).set(as(student)).expect(403);
  });
});
