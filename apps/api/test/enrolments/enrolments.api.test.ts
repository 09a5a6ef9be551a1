import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz } from '../fixtures/grade-item.fixtures';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let instructor: TestUser;
let courseSlug: string;
let quizE1: string;

beforeAll(async () => {
  // No job worker: its polling would be counted among the statements of the set-based write.
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', WORKERS: '0' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT', first_name: 'Zed', last_name: 'Student' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, {
    title: 'Enrolment course',
    modules: [{ title: 'M', lessons: [{ title: 'E1' }, { title: 'E2' }] }],
  });
  courseSlug = course.id_slug;
  quizE1 = course.modules[0].lessons[0].id_slug;
  await authorQuiz(t, admin, quizE1);
});

/** The student takes quiz E1: the product completes the lesson and grades the attempt. */
async function takeE1(cohortSlug: string, s: TestUser) {
  const started = await t.http.post(`/api/quizzes/cohorts/${cohortSlug}/lessons/${quizE1}/start/`).set(bearer(s)).expect(200);
  await t.http.post(`/api/quizzes/sessions/${started.body.session_id_slug}/submit/`).set(bearer(s)).expect(200);
}

/** Queues emails without accounts through the admin's bulk add, one call each so they arrive in order. */
async function queueEmails(cohortSlug: string, rows: { email: string; first_name: string; last_name: string }[]) {
  for (const row of rows)
    await t.http
      .post(`/api/cohorts/admin/${cohortSlug}/add-student-bulk`)
      .set(bearer(admin))
      .send({ students: [row] })
      .expect(200);
}
afterAll(async () => t?.close());

const as = (u: TestUser) => bearer(u);

const newCohort = (title: string) => makeCohort(t, admin, { title, course_ids: [courseSlug] });
const statusOf = async (cohortId: string, userId: string) =>
  (await t.ds.query(`SELECT enrolment_status FROM enrolments WHERE cohort_id = $1 AND user_id = $2`, [cohortId, userId]))[0]
    ?.enrolment_status;

describe('GET /api/auth/admin/students/list', () => {
  let cohort: { id_slug: string; id: string };
  let people: TestUser[];
  beforeAll(async () => {
    cohort = await newCohort('Students cohort');
    people = [];
    for (const [first, last] of [
      ['alice', 'Tan'],
      ['Bob', 'Lee'],
      ['Chandra', 'Wafer'],
      ['Dina', 'Ng'],
      ['Eko', 'Putra'],
      ['Farah', 'Aziz'],
      ['Gita', 'Rao'],
      ['Hadi', 'Lim'],
      ['Ivy', 'Goh'],
      ['Joel', 'Koh'],
      ['Kim', 'Ong'],
    ]) {
      people.push(
        await createUser(t, { first_name: first, last_name: last, email: `${first.toLowerCase()}.${last.toLowerCase()}@school.test` }),
      );
    }
    await enrol(t, admin, cohort.id_slug, people[0]);
    await enrol(t, admin, cohort.id_slug, people[1]);
    // The first opens the class (their latest access) and does half of its curriculum (E1 of E1, E2).
    await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${people[0].id_slug}/`).set(as(people[0])).expect(200);
    await takeE1(cohort.id_slug, people[0]);
  });

  it('lists students only, newest first, 10 a page', async () => {
    const res = await t.http.get('/api/auth/admin/students/list?role=STUDENT').set(as(admin)).expect(200);
    expect(res.body.count).toBe(12); // the 11 above and Zed
    expect(res.body.num_pages).toBe(2);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toMatchObject({
      first_name: 'Kim',
      role: 'STUDENT',
      cohort_enrollment: null,
      enrolment_status: null,
      completion_percentage: 0,
    });
    const everyone = await t.http.get('/api/auth/admin/students/list?page_size=100&role=ADMIN').set(as(admin)).expect(200);
    expect(everyone.body.data.every((s: { role: string }) => s.role === 'STUDENT')).toBe(true);
    expect(everyone.body.data.map((s: { id_slug: string }) => s.id_slug)).not.toContain(admin.id_slug);
    expect(everyone.body.data.map((s: { id_slug: string }) => s.id_slug)).not.toContain(instructor.id_slug);
  });

  it('sorts by first name (A-Z ignoring case, Z-A)', async () => {
    const az = await t.http.get('/api/auth/admin/students/list?order_by=first_name&page_size=3').set(as(admin)).expect(200);
    expect(az.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['alice', 'Bob', 'Chandra']);
    const za = await t.http.get('/api/auth/admin/students/list?order_by=-first_name&page_size=2').set(as(admin)).expect(200);
    expect(za.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['Zed', 'Kim']);
  });

  it('searches name and email case-insensitively', async () => {
    const byName = await t.http.get('/api/auth/admin/students/list?search_query=WAFER').set(as(admin)).expect(200);
    expect(byName.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['Chandra']);
    const byEmail = await t.http.get('/api/auth/admin/students/list?search_query=dina.ng@school').set(as(admin)).expect(200);
    expect(byEmail.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['Dina']);
    const fullName = await t.http.get('/api/auth/admin/students/list?search_query=eko%20putra').set(as(admin)).expect(200);
    expect(fullName.body.count).toBe(1);
  });

  it('shows the enrolment and progress of enrolled students', async () => {
    const res = await t.http.get('/api/auth/admin/students/list?search_query=alice').set(as(admin)).expect(200);
    expect(res.body.data[0]).toMatchObject({
      cohort_enrollment: { cohort_id_slug: cohort.id_slug, cohort_title: 'Students cohort', enrolment_status: 'ACTIVE' },
      enrolment_status: 'ACTIVE',
      completion_percentage: 50,
    });
    expect(res.body.data[0].latest_access_datetime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters to a cohort, or to the students outside it', async () => {
    const inside = await t.http
      .get(`/api/auth/admin/students/list?cohort_id_slug=${cohort.id_slug}&order_by=first_name`)
      .set(as(admin))
      .expect(200);
    expect(inside.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['alice', 'Bob']);
    const outside = await t.http
      .get(`/api/auth/admin/students/list?exclude_cohort_id_slug=${cohort.id_slug}&page_size=100`)
      .set(as(admin))
      .expect(200);
    expect(outside.body.count).toBe(10);
    expect(outside.body.data.map((s: { first_name: string }) => s.first_name)).not.toContain('alice');
  });

  it('is for admins only', async () => {
    await t.http.get('/api/auth/admin/students/list').set(as(student)).expect(403);
    await t.http.get('/api/auth/admin/students/list').set(as(instructor)).expect(403);
  });
});

describe('adding, suspending and removing one student', () => {
  it('adds a student once, answering user_info and cohort_info', async () => {
    const cohort = await newCohort('Add one');
    const s = await createUser(t, { first_name: 'Nur', last_name: 'Aini' });
    const res = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(as(admin))
      .send({ user_id_slug: s.id_slug })
      .expect(201);
    expect(res.body).toEqual({
      user_info: { id_slug: s.id_slug, first_name: 'Nur', last_name: 'Aini', email: s.email },
      cohort_info: { id_slug: cohort.id_slug, title: 'Add one' },
    });
    expect(await statusOf(cohort.id, s.id)).toBe('ACTIVE');
    const again = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(as(admin))
      .send({ user_id_slug: s.id_slug })
      .expect(409);
    expect(again.body.message).toBe('This student is already enrolled in the cohort');
  });

  it('adds only student accounts, to cohorts that exist, and only for admins', async () => {
    const cohort = await newCohort('Add guard');
    const other = await createUser(t);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(as(admin))
      .send({ user_id_slug: instructor.id_slug })
      .expect(404);
    await t.http.post('/api/cohorts/admin/missing/add-student').set(as(admin)).send({ user_id_slug: other.id_slug }).expect(404);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(as(student))
      .send({ user_id_slug: student.id_slug })
      .expect(403);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(as(instructor))
      .send({ user_id_slug: other.id_slug })
      .expect(403);
    expect(await statusOf(cohort.id, student.id)).toBeUndefined();
    expect(await statusOf(cohort.id, other.id)).toBeUndefined();
  });

  it("toggles ACTIVE and SUSPENDED ('Suspend student' / 'Unsuspend')", async () => {
    const cohort = await newCohort('Toggle');
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    const url = `/api/cohorts/admin/${cohort.id_slug}/update-students`;
    const res = await t.http.patch(url).set(as(admin)).send({ user_id_slug: s.id_slug, enrolment_status: 'SUSPENDED' }).expect(200);
    expect(res.body).toEqual({ cohort_id_slug: cohort.id_slug });
    expect(await statusOf(cohort.id, s.id)).toBe('SUSPENDED');
    await t.http.patch(url).set(as(admin)).send({ user_id_slug: s.id_slug, enrolment_status: 'ACTIVE' }).expect(200);
    expect(await statusOf(cohort.id, s.id)).toBe('ACTIVE');
    const bad = await t.http.patch(url).set(as(admin)).send({ user_id_slug: s.id_slug, enrolment_status: 'COMPLETED' }).expect(400);
    expect(bad.body.errors.enrolment_status).toBe('enrolment_status must be ACTIVE or SUSPENDED');
  });

  it('leaves a completed enrolment alone and answers 404 outside the cohort', async () => {
    const cohort = await newCohort('Completed');
    const done = await createUser(t);
    const stranger = await createUser(t);
    await enrol(t, admin, cohort.id_slug, done);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/complete-student`)
      .set(as(admin))
      .send({ user_id_slug: done.id_slug })
      .expect(200);
    const url = `/api/cohorts/admin/${cohort.id_slug}/update-students`;
    await t.http.patch(url).set(as(admin)).send({ user_id_slug: done.id_slug, enrolment_status: 'SUSPENDED' }).expect(409);
    expect(await statusOf(cohort.id, done.id)).toBe('COMPLETED');
    await t.http.patch(url).set(as(admin)).send({ user_id_slug: stranger.id_slug, enrolment_status: 'SUSPENDED' }).expect(404);
  });

  it('refuses suspension from a student or an instructor', async () => {
    const cohort = await newCohort('Suspend guard');
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    await enrol(t, admin, cohort.id_slug, student);
    for (const who of [student, instructor]) {
      await t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
        .set(as(who))
        .send({ user_id_slug: s.id_slug, enrolment_status: 'SUSPENDED' })
        .expect(403);
    }
    expect(await statusOf(cohort.id, s.id)).toBe('ACTIVE');
  });

  it('removes a student with their progress and grades in that cohort only', async () => {
    const cohort = await newCohort('Remove');
    const other = await newCohort('Remove other');
    const s = await createUser(t, { first_name: 'Rem', last_name: 'Oved' });
    await enrol(t, admin, cohort.id_slug, s);
    await enrol(t, admin, other.id_slug, s);
    // Taking quiz E1 in both cohorts completes it and grades it in each.
    await takeE1(cohort.id_slug, s);
    await takeE1(other.id_slug, s);

    for (const who of [student, instructor]) {
      await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/remove-student`).set(as(who)).send({ user_id_slug: s.id_slug }).expect(403);
    }
    expect(await statusOf(cohort.id, s.id)).toBe('ACTIVE');

    const res = await t.http
      .delete(`/api/cohorts/admin/${cohort.id_slug}/remove-student`)
      .set(as(admin))
      .send({ user_id_slug: s.id_slug })
      .expect(200);
    expect(res.body).toMatchObject({
      user_info: { id_slug: s.id_slug, first_name: 'Rem' },
      cohort_info: { id_slug: cohort.id_slug, title: 'Remove' },
    });
    expect(await statusOf(cohort.id, s.id)).toBeUndefined();
    expect(await statusOf(other.id, s.id)).toBe('ACTIVE');
    const left = await t.ds.query(
      `SELECT (SELECT count(*) FROM lesson_completions WHERE user_id = $1 AND cohort_id = $2)::int AS here,
              (SELECT count(*) FROM lesson_completions WHERE user_id = $1 AND cohort_id = $3)::int AS there,
              (SELECT count(*) FROM user_grades ug JOIN cohort_grades g ON g.id = ug.cohort_grade_id
                WHERE ug.user_id = $1 AND g.cohort_id = $2)::int AS grades_here,
              (SELECT count(*) FROM user_grades ug JOIN cohort_grades g ON g.id = ug.cohort_grade_id
                WHERE ug.user_id = $1 AND g.cohort_id = $3)::int AS grades_there`,
      [s.id, cohort.id, other.id],
    );
    expect(left).toEqual([{ here: 0, there: 1, grades_here: 0, grades_there: 1 }]);
    await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/remove-student`).set(as(admin)).send({ user_id_slug: s.id_slug }).expect(404);
  });
});

describe('GET students and queue of a cohort', () => {
  it('pages the students of a cohort by 20 and searches them', async () => {
    const cohort = await newCohort('Big class');
    const users: TestUser[] = [];
    for (let i = 0; i < 22; i++) users.push(await createUser(t, { first_name: `Member${String(i).padStart(2, '0')}`, last_name: 'Class' }));
    // Enrolled last to first, so Member00 is the most recent.
    for (const u of [...users].reverse()) await enrol(t, admin, cohort.id_slug, u);
    const res = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students`).set(as(admin)).expect(200);
    expect(res.body.count).toBe(22);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0].first_name).toBe('Member00'); // enrolled most recently
    expect(res.body.data[0].cohort_enrollment.cohort_id_slug).toBe(cohort.id_slug);
    const page2 = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students?page=2`).set(as(admin)).expect(200);
    expect(page2.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['Member20', 'Member21']);
    const search = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students?search_query=member07`).set(as(admin)).expect(200);
    expect(search.body).toMatchObject({ count: 1, data: [expect.objectContaining({ first_name: 'Member07' })] });
    await t.http.get('/api/cohorts/admin/missing/students').set(as(admin)).expect(404);
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students`).set(as(student)).expect(403);
  });

  it('pages the queue by 20 in arrival order', async () => {
    const cohort = await newCohort('Queue class');
    await queueEmails(
      cohort.id_slug,
      Array.from({ length: 21 }, (_, i) => ({
        email: `q${String(i + 1).padStart(2, '0')}@example.com`,
        first_name: 'Q',
        last_name: 'Person',
      })),
    );
    const res = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/queue`).set(as(admin)).expect(200);
    expect(res.body.count).toBe(21);
    expect(res.body.results).toHaveLength(20);
    expect(res.body.results[0]).toEqual({ email: 'q01@example.com', first_name: 'Q', last_name: 'Person' });
    const page2 = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/queue?page=2`).set(as(admin)).expect(200);
    expect(page2.body.results).toEqual([{ email: 'q21@example.com', first_name: 'Q', last_name: 'Person' }]);
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/queue`).set(as(instructor)).expect(403);
  });
});

describe('POST /api/cohorts/admin/:cohortId/add-student-bulk', () => {
  it('enrols, queues and reports every kind of row', async () => {
    const cohort = await newCohort('Bulk');
    const existing = await createUser(t, { email: 'existing@bulk.test', first_name: 'Ex', last_name: 'Isting' });
    const already = await createUser(t, { email: 'already@bulk.test' });
    await enrol(t, admin, cohort.id_slug, already);
    await queueEmails(cohort.id_slug, [{ email: 'waiting@bulk.test', first_name: 'Wait', last_name: 'Ing' }]);
    const staff = await createUser(t, { role: 'INSTRUCTOR', email: 'teacher@bulk.test' });

    const students = [
      { email: 'Existing@Bulk.test ', first_name: 'Ex', last_name: 'Isting' },
      { email: 'new.person@bulk.test', first_name: 'New', last_name: 'Person' },
      { email: 'already@bulk.test', first_name: 'Al', last_name: 'Ready' },
      { email: 'waiting@bulk.test', first_name: 'Wait', last_name: 'Ing' },
      { email: 'not-an-email', first_name: 'Bad', last_name: 'Row' },
      { email: '', first_name: 'No', last_name: 'Email' },
      { email: 'NEW.PERSON@bulk.test', first_name: 'New', last_name: 'Again' },
      { email: 'teacher@bulk.test', first_name: 'Tea', last_name: 'Cher' },
    ];
    const res = await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`).set(as(admin)).send({ students }).expect(200);
    expect(res.body).toEqual({
      total_processed: 8,
      successfully_added_to_cohort: 1,
      added_to_queue: 1,
      already_in_cohort: 1,
      already_in_queue: 1,
      errors: 4,
      queued_students: [
        { email: 'new.person@bulk.test', first_name: 'New', last_name: 'Person' },
        { email: 'waiting@bulk.test', first_name: 'Wait', last_name: 'Ing' },
      ],
      error_students: [
        { email: 'not-an-email', first_name: 'Bad', last_name: 'Row', reason: 'Invalid email format' },
        { email: '', first_name: 'No', last_name: 'Email', reason: 'Email is required' },
        { email: 'new.person@bulk.test', first_name: 'New', last_name: 'Again', reason: 'This email appears more than once in the file' },
        { email: 'teacher@bulk.test', first_name: 'Tea', last_name: 'Cher', reason: 'This account is not a student account' },
      ],
    });
    expect(await statusOf(cohort.id, existing.id)).toBe('ACTIVE');
    expect(await statusOf(cohort.id, staff.id)).toBeUndefined();
    const queue = await t.ds.query(`SELECT email, first_name FROM cohort_queue WHERE cohort_id = $1 ORDER BY email`, [cohort.id]);
    expect(queue).toEqual([
      { email: 'new.person@bulk.test', first_name: 'New' },
      { email: 'waiting@bulk.test', first_name: 'Wait' },
    ]);
  });

  it('keeps a queued person queued when they register without the link: registering proves no address', async () => {
    const cohort = await newCohort('Queue to class');
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
      .set(as(admin))
      .send({ students: [{ email: 'late.joiner@bulk.test', first_name: 'Late', last_name: 'Joiner' }] })
      .expect(200);
    const reg = await t.http
      .post('/api/auth/register/')
      .send({ email: 'late.joiner@bulk.test', password: 'Chip#Design42', first_name: 'Late', last_name: 'Joiner' })
      .expect(201);
    const [user] = await t.ds.query(`SELECT id FROM users WHERE id_slug = $1`, [reg.body.user.id_slug]);
    // They join once the address is confirmed (test/auth/email-verification.api.test.ts).
    expect(await statusOf(cohort.id, user.id)).toBeUndefined();
    const queue = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/queue`).set(as(admin)).expect(200);
    expect(queue.body).toEqual({ results: [{ email: 'late.joiner@bulk.test', first_name: 'Late', last_name: 'Joiner' }], count: 1 });
  });

  it('writes nothing when the request fails part-way', async () => {
    const cohort = await newCohort('Atomic');
    const existing = await createUser(t, { email: 'atomic.member@bulk.test' });
    // Make the queue write fail after the enrolment write has been planned in the same statement.
    await t.ds.query(
      `CREATE FUNCTION refuse_queue() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'queue unavailable'; END $$`,
    );
    await t.ds.query(`CREATE TRIGGER refuse_queue BEFORE INSERT ON cohort_queue FOR EACH ROW EXECUTE FUNCTION refuse_queue()`);
    try {
      const res = await t.http
        .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
        .set(as(admin))
        .send({
          students: [
            { email: 'atomic.member@bulk.test', first_name: 'A', last_name: 'M' },
            { email: 'atomic.new@bulk.test', first_name: 'A', last_name: 'N' },
          ],
        });
      expect(res.status).toBe(500);
    } finally {
      await t.ds.query(`DROP TRIGGER refuse_queue ON cohort_queue`);
      await t.ds.query(`DROP FUNCTION refuse_queue()`);
    }
    expect(await statusOf(cohort.id, existing.id)).toBeUndefined();
    expect(await t.ds.query(`SELECT 1 FROM cohort_queue WHERE cohort_id = $1`, [cohort.id])).toEqual([]);
  });

  it('needs at least one row, at most 10,000, a cohort that exists and an admin', async () => {
    const cohort = await newCohort('Bulk guard');
    const empty = await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
      .set(as(admin))
      .send({ students: [] })
      .expect(400);
    expect(empty.body.message).toBe('There are no students uploaded! Please try again...');
    const row = { email: 'x@bulk.test', first_name: 'X', last_name: 'Y' };
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
      .set(as(admin))
      .send({ students: Array(10_001).fill(row) })
      .expect(400);
    await t.http
      .post('/api/cohorts/admin/missing/add-student-bulk')
      .set(as(admin))
      .send({ students: [row] })
      .expect(404);
    for (const who of [student, instructor]) {
      await t.http
        .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
        .set(as(who))
        .send({ students: [row] })
        .expect(403);
    }
    expect(await t.ds.query(`SELECT 1 FROM cohort_queue WHERE cohort_id = $1`, [cohort.id])).toEqual([]);
  });

  it('writes 10,000 rows with as many SQL statements as 10 rows (set-based, no round trip per row)', async () => {
    // 5,000 verified accounts stay SQL: the product makes accounts one sign-up at a time (invitation mail, then the form), minutes for 5,000.
    await t.ds.query(
      `INSERT INTO users (email, first_name, last_name, role, password_hash)
       SELECT 'bulk' || i || '@scale.test', 'Bulk', 'Student' || i, 'STUDENT', 'x' FROM generate_series(1, 5000) i`,
    );
    const rows = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => ({
        email: `bulk${offset + i + 1}@scale.test`,
        first_name: 'Bulk',
        last_name: `Student${offset + i + 1}`,
      }));
    const post = (cohortSlug: string, students: object[]) =>
      t.http.post(`/api/cohorts/admin/${cohortSlug}/add-student-bulk`).set(as(admin)).send({ students }).expect(200);

    const small = await newCohort('Ten rows');
    const few = await countStatements(() => post(small.id_slug, rows(10, 4995)));
    const large = await newCohort('Ten thousand');
    let res: { body: unknown } | undefined;
    const many = await countStatements(async () => {
      res = await post(large.id_slug, rows(10_000, 0));
    });
    expect(res!.body).toMatchObject({ total_processed: 10_000, successfully_added_to_cohort: 5000, added_to_queue: 5000, errors: 0 });
    expect(many).toBe(few);
    // BEGIN, lock the cohort, the write, the enrolment notices (one insert), the invitations' token hashes
    // (one update), the invitation jobs (one insert), COMMIT
    expect(many).toBeLessThanOrEqual(7);
  });
});
