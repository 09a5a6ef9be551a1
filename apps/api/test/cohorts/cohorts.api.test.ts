import { SCHOOL_NAME } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, isoIn, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz } from '../fixtures/grade-item.fixtures';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let instructor: TestUser;
let courseA: string;
let courseB: string;
/** Lesson id_slugs by title (every lesson here is a quiz). */
const lessons: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  const a = await makeCourse(t, admin, { title: 'Course A', modules: [{ title: 'M', lessons: [{ title: 'A1' }, { title: 'A2' }] }] });
  const b = await makeCourse(t, admin, { title: 'Course B', modules: [{ title: 'M', lessons: [{ title: 'B1' }] }] });
  courseA = a.id_slug;
  courseB = b.id_slug;
  for (const l of [...a.modules[0].lessons, ...b.modules[0].lessons]) lessons[l.title] = l.id_slug;
});

/** The student takes the quiz lesson (authored on first use): the product completes it and grades the attempt. */
const authored = new Set<string>();
async function takeQuiz(cohortSlug: string, s: TestUser, title: string) {
  if (!authored.has(title)) await authorQuiz(t, admin, lessons[title]);
  authored.add(title);
  const started = await t.http.post(`/api/quizzes/cohorts/${cohortSlug}/lessons/${lessons[title]}/start/`).set(bearer(s)).expect(200);
  await t.http.post(`/api/quizzes/sessions/${started.body.session_id_slug}/submit/`).set(bearer(s)).expect(200);
}
afterAll(async () => t?.close());

const as = (u: TestUser) => bearer(u);
const dates = () => ({ start_date: isoIn(1), end_date: isoIn(90), end_access_date: isoIn(120), result_open_date: null });

describe('POST /api/cohorts/admin/create/', () => {
  it('creates a cohort linked to its courses in order', async () => {
    const body = { title: 'Autumn intake', ...dates(), course_ids: [courseB, courseA] };
    const res = await t.http.post('/api/cohorts/admin/create/').set(as(admin)).send(body).expect(201);
    expect(res.body).toMatchObject({
      title: 'Autumn intake',
      status: 'UPCOMING',
      total_students: 0,
      total_active: 0,
      total_dropped: 0,
      courses_count: 2,
      result_open_date: null,
      start_date: body.start_date,
    });
    const detail = await t.http.get(`/api/cohorts/admin/${res.body.id_slug}`).set(as(admin)).expect(200);
    expect(detail.body.data.courses.map((c: { title: string; lessons_count: number }) => [c.title, c.lessons_count])).toEqual([
      ['Course B', 1],
      ['Course A', 2],
    ]);
  });

  it('needs a title and the three dates with their messages', async () => {
    const res = await t.http
      .post('/api/cohorts/admin/create/')
      .set(as(admin))
      .send({ title: '', course_ids: [courseA] })
      .expect(400);
    expect(res.body.errors).toMatchObject({
      title: 'Cohort title is required',
      start_date: 'Start date is required',
      end_date: 'End date is required',
      end_access_date: 'End of access date is required',
    });
  });

  it('needs the end after the start', async () => {
    const res = await t.http
      .post('/api/cohorts/admin/create/')
      .set(as(admin))
      .send({ title: 'Backwards', start_date: isoIn(10), end_date: isoIn(5), end_access_date: isoIn(20), course_ids: [courseA] })
      .expect(400);
    expect(res.body.errors.end_date).toBe('End date must be after the start date');
  });

  it('must link at least one course, never the same course twice, only courses that exist', async () => {
    const none = await t.http
      .post('/api/cohorts/admin/create/')
      .set(as(admin))
      .send({ title: 'No course', ...dates(), course_ids: [] })
      .expect(400);
    expect(none.body.errors.course_ids).toBe('Please link this cohort to a course!');
    const twice = await t.http
      .post('/api/cohorts/admin/create/')
      .set(as(admin))
      .send({ title: 'Twice', ...dates(), course_ids: [courseA, courseA] })
      .expect(400);
    expect(twice.body.errors.course_ids).toBe('Course already added!');
    const unknown = await t.http
      .post('/api/cohorts/admin/create/')
      .set(as(admin))
      .send({ title: 'Ghost', ...dates(), course_ids: [courseA, 'ghost'] })
      .expect(400);
    expect(unknown.body.errors.course_ids).toBe('Course not found');
    expect(await t.ds.query(`SELECT 1 FROM cohorts WHERE title IN ('No course', 'Twice', 'Ghost')`)).toEqual([]);
  });

  it('refuses students and instructors', async () => {
    for (const who of [student, instructor]) {
      await t.http
        .post('/api/cohorts/admin/create/')
        .set(as(who))
        .send({ title: 'Not yours', ...dates(), course_ids: [courseA] })
        .expect(403);
    }
    expect(await t.ds.query(`SELECT 1 FROM cohorts WHERE title = 'Not yours'`)).toEqual([]);
  });
});

describe('PATCH /api/cohorts/admin/:id/update', () => {
  it('updates title and dates, keeping the result date unless sent', async () => {
    const cohort = await makeCohort(t, admin, { title: 'To edit', course_ids: [courseA] });
    const resultDate = isoIn(100);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
      .set(as(admin))
      .send({ title: 'Edited', ...dates(), result_open_date: resultDate })
      .expect(200);
    const body = { title: 'Edited again', start_date: isoIn(2), end_date: isoIn(91), end_access_date: isoIn(91) };
    const res = await t.http.patch(`/api/cohorts/admin/${cohort.id_slug}/update`).set(as(admin)).send(body).expect(200);
    expect(res.body).toEqual({ id_slug: cohort.id_slug });
    const data = (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin))).body.data;
    expect(data).toMatchObject({ ...body, result_open_date: resultDate });
  });

  it('validates like creation, answers 404 for an unknown cohort and 403 to non-admins', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Guarded cohort', course_ids: [courseA] });
    const res = await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
      .set(as(admin))
      .send({ title: ' ', ...dates() })
      .expect(400);
    expect(res.body.errors.title).toBe('Cohort title is required');
    const access = await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
      .set(as(admin))
      .send({ title: 'X', start_date: isoIn(1), end_date: isoIn(10), end_access_date: isoIn(5) })
      .expect(400);
    expect(access.body.errors.end_access_date).toBe('End of access date must not be before the end date');
    await t.http
      .patch('/api/cohorts/admin/missing/update')
      .set(as(admin))
      .send({ title: 'X', ...dates() })
      .expect(404);
    for (const who of [student, instructor]) {
      await t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
        .set(as(who))
        .send({ title: 'Hacked', ...dates() })
        .expect(403);
    }
    const [row] = await t.ds.query(`SELECT title FROM cohorts WHERE id_slug = $1`, [cohort.id_slug]);
    expect(row.title).toBe('Guarded cohort');
  });
});

describe('GET /api/cohorts/admin/list and list/active', () => {
  beforeAll(async () => {
    // The earlier tests' cohorts are deleted as an admin would, so the list holds these ten only.
    const earlier = await t.http.get('/api/cohorts/admin/list?page_size=100').set(as(admin)).expect(200);
    for (const c of earlier.body.data as { id_slug: string }[])
      await t.http.delete(`/api/cohorts/admin/${c.id_slug}`).set(as(admin)).expect(200);
    for (let i = 1; i <= 10; i++) {
      await makeCohort(t, admin, {
        title: `Cohort ${String(i).padStart(2, '0')}${i === 3 ? ' Wafer' : ''}`,
        course_ids: [courseA],
        start: -95 + i * 10,
        end: -45 + i * 10,
      });
    }
  });

  it('pages by 8, newest first by default', async () => {
    const res = await t.http.get('/api/cohorts/admin/list').set(as(admin)).expect(200);
    expect(res.body).toMatchObject({ count: 10, num_pages: 2 });
    expect(res.body.data).toHaveLength(8);
    expect(res.body.data[0].title).toBe('Cohort 10');
    expect(res.body.data[0]).toMatchObject({ courses_count: 1, total_students: 0 });
    const page2 = await t.http.get('/api/cohorts/admin/list?page=2').set(as(admin)).expect(200);
    expect(page2.body.data.map((c: { title: string }) => c.title)).toEqual(['Cohort 02', 'Cohort 01']);
  });

  it('sorts A-Z and searches case-insensitively', async () => {
    const az = await t.http.get('/api/cohorts/admin/list?order_by=title&page_size=2').set(as(admin)).expect(200);
    expect(az.body.data.map((c: { title: string }) => c.title)).toEqual(['Cohort 01', 'Cohort 02']);
    const search = await t.http.get('/api/cohorts/admin/list?search_query=wAFER').set(as(admin)).expect(200);
    expect(search.body.data.map((c: { title: string }) => c.title)).toEqual(['Cohort 03 Wafer']);
  });

  it('derives the status from the dates', async () => {
    const res = await t.http.get('/api/cohorts/admin/list?order_by=title&page_size=10').set(as(admin)).expect(200);
    const status = Object.fromEntries(res.body.data.map((c: { title: string; status: string }) => [c.title, c.status]));
    expect(status).toEqual({
      'Cohort 01': 'ACCESS_CLOSED', // ended 35 days ago, access closed 5 days ago
      'Cohort 02': 'COMPLETED', // ended 25 days ago, access open 5 more days
      'Cohort 03 Wafer': 'COMPLETED',
      'Cohort 04': 'COMPLETED', // ended 5 days ago
      'Cohort 05': 'ONGOING', // started 45 days ago, ends in 5
      'Cohort 06': 'ONGOING',
      'Cohort 07': 'ONGOING',
      'Cohort 08': 'ONGOING',
      'Cohort 09': 'ONGOING', // started 5 days ago
      'Cohort 10': 'UPCOMING', // starts in 5 days
    });
  });

  it('filters by status in SQL, with the count and pages of the filtered list, combined with the search', async () => {
    const titles = (body: { data: { title: string; status: string }[] }) => body.data.map((c) => c.title);
    const get = (query: string) => t.http.get(`/api/cohorts/admin/list?order_by=title&${query}`).set(as(admin)).expect(200);

    const upcoming = await get('status=UPCOMING');
    expect(upcoming.body).toMatchObject({ count: 1, num_pages: 1 });
    expect(titles(upcoming.body)).toEqual(['Cohort 10']);

    const running = await get('status=ONGOING&page_size=2');
    expect(running.body).toMatchObject({ count: 5, num_pages: 3 });
    expect(titles(running.body)).toEqual(['Cohort 05', 'Cohort 06']);
    const runningLast = await get('status=ONGOING&page_size=2&page=3');
    expect(titles(runningLast.body)).toEqual(['Cohort 09']);

    const ended = await get('status=COMPLETED');
    expect(ended.body).toMatchObject({ count: 3, num_pages: 1 });
    expect(titles(ended.body)).toEqual(['Cohort 02', 'Cohort 03 Wafer', 'Cohort 04']);
    expect(ended.body.data.every((c: { status: string }) => c.status === 'COMPLETED')).toBe(true);

    const closed = await get('status=ACCESS_CLOSED');
    expect(closed.body).toMatchObject({ count: 1, num_pages: 1 });
    expect(titles(closed.body)).toEqual(['Cohort 01']);

    const searched = await get('status=COMPLETED&search_query=wafer');
    expect(titles(searched.body)).toEqual(['Cohort 03 Wafer']);
    expect((await get('status=ONGOING&search_query=wafer')).body).toMatchObject({ count: 0, num_pages: 0, data: [] });
  });

  it('refuses an unknown status with a 400 naming the values', async () => {
    const res = await t.http.get('/api/cohorts/admin/list?status=FINISHED').set(as(admin)).expect(400);
    expect(res.body.errors.status).toBe('status must be one of UPCOMING, ONGOING, COMPLETED, ACCESS_CLOSED');
  });

  it('reads the status filter through the date indexes', async () => {
    await t.ds.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      for (const where of ['start_date > now()', 'end_access_date < now()']) {
        const plan: { 'QUERY PLAN': string }[] = await m.query(`EXPLAIN SELECT id FROM cohorts k WHERE k.${where}`);
        expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index|Bitmap/);
      }
    });
  });

  it('lists the cohorts that have not ended as active, by start date', async () => {
    const res = await t.http.get('/api/cohorts/admin/list/active').set(as(admin)).expect(200);
    expect(res.body.map((c: { title: string }) => c.title)).toEqual([
      'Cohort 05',
      'Cohort 06',
      'Cohort 07',
      'Cohort 08',
      'Cohort 09',
      'Cohort 10',
    ]);
  });

  it('is for admins only', async () => {
    for (const path of ['/api/cohorts/admin/list', '/api/cohorts/admin/list/active']) {
      await t.http.get(path).set(as(student)).expect(403);
      await t.http.get(path).set(as(instructor)).expect(403);
    }
  });
});

describe('GET /api/cohorts/admin/:id', () => {
  it('answers dates, totals, courses, the first students and certificates', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Detailed', course_ids: [courseA] });
    const a = await createUser(t, { first_name: 'Ana', last_name: 'Lim' });
    const b = await createUser(t, { first_name: 'Ben', last_name: 'Ong' });
    await enrol(t, admin, cohort.id_slug, a);
    await enrol(t, admin, cohort.id_slug, b);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
      .set(as(admin))
      .send({ user_id_slug: a.id_slug, enrolment_status: 'SUSPENDED' })
      .expect(200);
    const cert = await t.http.post('/api/certificates/admin/create').set(as(admin)).send({ title: 'Fab safety' }).expect(201);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-certificate`)
      .set(as(admin))
      .send({ certificate_id_slug: cert.body.id_slug })
      .expect(201);
    const res = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin)).expect(200);
    expect(res.body.data).toMatchObject({ title: 'Detailed', status: 'ONGOING', total_students: 2, total_active: 1, total_dropped: 1 });
    expect(res.body.data.students.map((s: { first_name: string; enrolment_status: string }) => [s.first_name, s.enrolment_status])).toEqual(
      [
        ['Ben', 'ACTIVE'],
        ['Ana', 'SUSPENDED'],
      ],
    );
    expect(res.body.data.students[0].cohort_enrollment).toEqual({
      cohort_id_slug: cohort.id_slug,
      cohort_title: 'Detailed',
      enrolment_status: 'ACTIVE',
    });
    expect(res.body.data.certificates).toEqual([{ id_slug: cert.body.id_slug, title: 'Fab safety', provider: [SCHOOL_NAME] }]);
  });

  it('answers 404 for an unknown cohort and 403 to non-admins', async () => {
    await t.http.get('/api/cohorts/admin/0123456789abcdef0123456789abcdef').set(as(admin)).expect(404);
    const cohort = await makeCohort(t, admin, { title: 'Hidden', course_ids: [courseA] });
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(student)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(instructor)).expect(403);
  });
});

describe('linking and unlinking courses', () => {
  it('links a course once: twice is refused with the spec message', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Linking', course_ids: [courseA] });
    const res = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-course`)
      .set(as(admin))
      .send({ course_id_slug: courseB })
      .expect(201);
    expect(res.body).toEqual({ cohort_id_slug: cohort.id_slug, course_id_slug: courseB });
    const again = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-course`)
      .set(as(admin))
      .send({ course_id_slug: courseB })
      .expect(409);
    expect(again.body.message).toBe('Course already added!');
    await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-course`).set(as(admin)).send({ course_id_slug: 'nope' }).expect(404);
    for (const who of [student, instructor]) {
      await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-course`).set(as(who)).send({ course_id_slug: courseB }).expect(403);
    }
  });

  it('linking a course updates the completion of enrolled students', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Completion', course_ids: [courseB] });
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    await takeQuiz(cohort.id_slug, s, 'B1');
    await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-course`).set(as(admin)).send({ course_id_slug: courseA }).expect(201);
    const [row] = await t.ds.query(`SELECT enrolment_completion(user_id, cohort_id)::float8 AS p FROM enrolments WHERE cohort_id = $1`, [
      cohort.id,
    ]);
    expect(row.p).toBeCloseTo(33.33, 2); // 1 of 3 lessons
  });

  it('refuses to unlink while the cohort has students, with the spec warning', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Has students', course_ids: [courseA, courseB] });
    await enrol(t, admin, cohort.id_slug, await createUser(t));
    const res = await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${courseB}`).set(as(admin)).expect(409);
    expect(res.body.message).toBe(
      'You already have students enrolled in this cohort. Unlinking a course might interfere with the grading and student data.',
    );
    const detail = (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin))).body.data;
    expect(detail.courses).toHaveLength(2);
  });

  it('unlinks a course from a cohort without students, with its grade items, but never the last course', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Empty cohort', course_ids: [courseA, courseB] });
    // Linking the courses gave their quiz lessons grade items; B's go with B.
    for (const who of [student, instructor]) {
      await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${courseB}`).set(as(who)).expect(403);
    }
    const res = await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${courseB}`).set(as(admin)).expect(200);
    expect(res.body).toEqual({ cohort_id_slug: cohort.id_slug, course_id_slug: courseB });
    const detail = (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin))).body.data;
    expect(detail.courses.map((c: { title: string }) => c.title)).toEqual(['Course A']);
    const grades = await t.ds.query(
      `SELECT l.title FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id WHERE g.cohort_id = $1 ORDER BY l.title`,
      [cohort.id],
    );
    expect(grades).toEqual([{ title: 'A1' }, { title: 'A2' }]);
    await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${courseB}`).set(as(admin)).expect(404);
    const last = await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${courseA}`).set(as(admin)).expect(409);
    expect(last.body.message).toBe('Please link this cohort to a course!');
  });
});

describe('DELETE /api/cohorts/admin/:id', () => {
  it('deletes the cohort with its enrolments, progress, grades, certificates and queue', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Doomed', course_ids: [courseA] });
    const keep = await makeCohort(t, admin, { title: 'Survivor', course_ids: [courseA] });
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    await enrol(t, admin, keep.id_slug, s);
    // Taking the quiz completes its lesson and grades its item; an email without an account is queued.
    await takeQuiz(cohort.id_slug, s, 'A1');
    const [grade] = await t.ds.query(
      `SELECT g.id FROM cohort_grades g JOIN user_grades ug ON ug.cohort_grade_id = g.id WHERE g.cohort_id = $1 AND ug.user_id = $2`,
      [cohort.id, s.id],
    );
    const queued = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
      .set(as(admin))
      .send({ students: [{ email: 'later@example.com', first_name: 'Later', last_name: 'Student' }] })
      .expect(200);
    expect(queued.body.added_to_queue).toBe(1);
    const [before] = await t.ds.query(
      `SELECT (SELECT count(*) FROM lesson_completions WHERE cohort_id = $1)::int AS completions,
              (SELECT count(*) FROM user_grades WHERE cohort_grade_id = $2)::int AS user_grades`,
      [cohort.id, grade.id],
    );
    expect(before).toEqual({ completions: 1, user_grades: 1 });

    for (const who of [student, instructor]) await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}`).set(as(who)).expect(403);
    expect(await t.ds.query(`SELECT 1 FROM cohorts WHERE id = $1`, [cohort.id])).toHaveLength(1);

    const res = await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin)).expect(200);
    expect(res.body.message).toBe('Cohort deleted');
    const left = await t.ds.query(
      `SELECT (SELECT count(*) FROM cohorts WHERE id = $1)::int AS cohorts,
              (SELECT count(*) FROM enrolments WHERE cohort_id = $1)::int AS enrolments,
              (SELECT count(*) FROM lesson_completions WHERE cohort_id = $1)::int AS completions,
              (SELECT count(*) FROM cohort_grades WHERE cohort_id = $1)::int AS grades,
              (SELECT count(*) FROM user_grades WHERE cohort_grade_id = $2)::int AS user_grades,
              (SELECT count(*) FROM cohort_queue WHERE cohort_id = $1)::int AS queue,
              (SELECT count(*) FROM enrolments WHERE cohort_id = $3)::int AS other_enrolments`,
      [cohort.id, grade.id, keep.id],
    );
    expect(left).toEqual([{ cohorts: 0, enrolments: 0, completions: 0, grades: 0, user_grades: 0, queue: 0, other_enrolments: 1 }]);
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin)).expect(404);
    await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}`).set(as(admin)).expect(404);
  });
});

describe('GET /api/instructor/cohorts', () => {
  it('answers only the cohorts the instructor is linked to, with their courses', async () => {
    const mine = await makeCohort(t, admin, { title: 'Taught', course_ids: [courseA, courseB] });
    await makeCohort(t, admin, { title: 'Not taught', course_ids: [courseA] });
    await linkInstructor(t, admin, mine.id_slug, instructor);
    await enrol(t, admin, mine.id_slug, await createUser(t));
    const res = await t.http.get('/api/instructor/cohorts').set(as(instructor)).expect(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id_slug: mine.id_slug, title: 'Taught', total_students: 1, total_active: 1 });
    expect(res.body.data[0].courses.map((c: { title: string }) => c.title)).toEqual(['Course A', 'Course B']);
    const other = await createUser(t, { role: 'INSTRUCTOR' });
    expect((await t.http.get('/api/instructor/cohorts').set(as(other)).expect(200)).body.data).toEqual([]);
  });

  it('is not for students', async () => {
    await t.http.get('/api/instructor/cohorts').set(as(student)).expect(403);
  });
});
