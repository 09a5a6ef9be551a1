import { createServer } from 'node:net';
import { AdminCertificateListResponseSchema, AdminDashboardSchema, type AdminDashboard, FailedJobsResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, isoIn, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { validApplication } from '../fixtures/application.fixtures';
import { dueJobs, jobsSettled } from '../fixtures/jobs.fixtures';
import { until } from '../fixtures/smtp.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The admin dashboard's figures, each made through the product's own calls: a running cohort, a
 * student who opens their class, a project handed in, an application sent, and a mail job that
 * fails for real (its SMTP server refuses connections, one try). SQL here only reads or ages a visit.
 */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let admin: TestUser;
let instructor: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    DISABLE_RATE_LIMITS: 'true',
    MAIL_RETRY_DELAY_SECONDS: '1',
    MAIL_RETRY_LIMIT: '1',
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
  });
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t, { first_name: 'Aisyah' });
});
afterAll(async () => t?.close());

async function figures(): Promise<AdminDashboard> {
  const res = await t.http.get('/api/admin/dashboard').set(bearer(admin)).expect(200);
  return AdminDashboardSchema.parse(res.body);
}

describe('the admin dashboard', () => {
  it('is for admins only: instructors and students are refused, strangers asked to sign in', async () => {
    await t.http.get('/api/admin/dashboard').set(bearer(instructor)).expect(403);
    await t.http.get('/api/admin/dashboard').set(bearer(student)).expect(403);
    await t.http.get('/api/admin/dashboard').expect(401);
  });

  it('counts what waits for the school, each figure from its own source, in one statement', async () => {
    expect(await figures()).toEqual({
      running_cohorts: 0,
      active_students: 0,
      awaiting_grading: 0,
      applications_waiting: 0,
      failed_jobs: 0,
    });

    // Cohorts: one running, one starting next month (not running).
    const course = await makeCourse(t, admin, {
      title: 'Etch basics',
      modules: [
        {
          title: 'Etch',
          lessons: [
            { title: 'Plasma notes', lesson_type: 'READING' },
            { title: 'Etch recipe', lesson_type: 'PROJECT' },
          ],
        },
      ],
    });
    const project = course.modules[0].lessons.find((l) => l.lesson_type === 'PROJECT')!;
    const running = await makeCohort(t, admin, { title: 'Etch running', course_ids: [course.id_slug] });
    await makeCohort(t, admin, { title: 'Etch next month', course_ids: [course.id_slug], start: 30, end: 120 });
    await t.http
      .put(`/api/cohorts/admin/${running.id_slug}/lessons/${project.id_slug}/grade-item`)
      .set(bearer(admin))
      .send({ deadline_datetime: isoIn(7), grade_percentage: 100 })
      .expect(200);

    // Two students enrolled (each enrolment mails them, and every mail fails); only one opens the class.
    const idle = await createUser(t);
    await enrol(t, admin, running.id_slug, student);
    await enrol(t, admin, running.id_slug, idle);
    await t.http.get(`/api/cohorts/${running.id_slug}/user/${student.id_slug}/`).set(bearer(student)).expect(200);

    // The student hands the project in; an applicant applies.
    const handedIn = await t.http
      .post(`/api/cohorts/${running.id_slug}/lessons/${project.id_slug}/project/submission`)
      .set(bearer(student))
      .attach('file', makeZip([{ name: 'recipe.txt', data: 'CF4 40 sccm' }]), 'recipe.zip')
      .expect(201);
    await t.http
      .post('/api/sheet/submit-form/')
      .send(validApplication({ email: 'dashboard-applicant@apply.test' }))
      .expect(201);

    // Every mail (the two enrolments, the applicant's confirmation...) fails after its one try: the
    // figure is the Failed jobs page's list. Both are read until they agree between two reads of
    // the list with nothing due, running or retrying (a job queued to start later fails later).
    const failedList = async () =>
      FailedJobsResponseSchema.parse((await t.http.get('/api/admin/jobs/failed').set(bearer(admin)).expect(200)).body);
    const settled = await until('every mail to fail and the figure to agree with the list', async () => {
      const before = await failedList();
      const shown = await figures();
      const after = await failedList();
      const to = after.results.map((j) => (j.data as { to?: string }).to);
      const quiet = after.retrying.length === 0 && (await dueJobs(t)) === 0 && before.results.length === after.results.length;
      return quiet && to.includes(student.email) && to.includes(idle.email) && shown.failed_jobs === after.results.length && shown;
    });
    expect(settled).toEqual({
      running_cohorts: 1,
      active_students: 1,
      awaiting_grading: 1,
      applications_waiting: 1,
      failed_jobs: expect.any(Number),
    });
    expect(settled.failed_jobs).toBeGreaterThanOrEqual(2);

    // Grading the hand-in clears it from the waiting figure.
    await t.http
      .put(`/api/grading/submissions/${handedIn.body.data.submission.id_slug}/grade`)
      .set(bearer(admin))
      .send({ user_grade: 80 })
      .expect(200);
    expect((await figures()).awaiting_grading).toBe(0);

    // Screened applications still wait (for reviewers, or a decision); a rejected one no longer does.
    const [app] = await t.ds.query(`SELECT id_slug FROM programme_applications WHERE email = $1`, ['dashboard-applicant@apply.test']);
    await t.http
      .post(`/api/admissions/admin/applications/${app.id_slug}/screening`)
      .set(bearer(admin))
      .send({ eligible: true, reason: '' })
      .expect(200);
    expect((await figures()).applications_waiting).toBe(1);
    await t.http
      .post('/api/sheet/submit-form/')
      .send(validApplication({ email: 'dashboard-second@apply.test' }))
      .expect(201);
    const [second] = await t.ds.query(`SELECT id_slug FROM programme_applications WHERE email = $1`, ['dashboard-second@apply.test']);
    await t.http
      .post(`/api/admissions/admin/applications/${second.id_slug}/screening`)
      .set(bearer(admin))
      .send({ eligible: false, reason: 'Not a Malaysian citizen' })
      .expect(200);
    expect((await figures()).applications_waiting).toBe(2);
    await t.http
      .post('/api/admissions/admin/decisions')
      .set(bearer(admin))
      .send({ application_ids: [second.id_slug], decision: 'REJECT', reason: 'Not eligible' })
      .expect(200);
    expect((await figures()).applications_waiting).toBe(1);

    // A visit eight days ago is not this week's.
    await t.ds.query(
      `UPDATE enrolments SET latest_access_datetime = now() - interval '8 days'
        WHERE user_id = (SELECT id FROM users WHERE id_slug = $1)`,
      [student.id_slug],
    );
    expect((await figures()).active_students).toBe(0);

    // Warm (the admin's session known), the whole dashboard is one statement; the decisions' mail
    // jobs run on the app's pool and would be counted with it.
    await jobsSettled(t);
    await figures();
    expect(await countStatements(() => figures())).toBe(1);
  }, 120_000);
});

describe('the certificates list', () => {
  it('says where each certificate is used: its cohorts and the certificates issued in each', async () => {
    const course = await makeCourse(t, admin, { title: 'Litho basics', modules: [{ title: 'M', lessons: [{ title: 'Resist notes' }] }] });
    const spring = await makeCohort(t, admin, { title: 'Litho spring', course_ids: [course.id_slug], start: -20 });
    const autumn = await makeCohort(t, admin, { title: 'Litho autumn', course_ids: [course.id_slug], start: -5 });
    const cert = await linkNewCertificate(t, admin, spring.id_slug, 'Lithography practitioner');
    await t.http
      .post(`/api/cohorts/admin/${autumn.id_slug}/add-certificate`)
      .set(bearer(admin))
      .send({ certificate_id_slug: cert })
      .expect(201);
    const unused = (
      await t.http.post('/api/certificates/admin/create').set(bearer(admin)).send({ title: 'Lithography unused' }).expect(201)
    ).body.id_slug as string;
    const holder = await createUser(t);
    await enrol(t, admin, spring.id_slug, holder);
    await t.http
      .post(`/api/cohorts/admin/${spring.id_slug}/certificates/${cert}/issue`)
      .set(bearer(admin))
      .send({ user_id_slug: holder.id_slug, reason: 'Finished the practical assessment on site' })
      .expect(201);

    const list = AdminCertificateListResponseSchema.parse(
      (
        await t.http
          .get('/api/certificates/admin/list')
          .query({ search_query: 'Lithography', order_by: 'title' })
          .set(bearer(admin))
          .expect(200)
      ).body,
    );
    expect(list.data.map((c) => [c.id_slug, c.cohorts_count, c.issued_count, c.cohorts])).toEqual([
      [
        cert,
        2,
        1,
        [
          { id_slug: autumn.id_slug, title: 'Litho autumn', issued_count: 0 },
          { id_slug: spring.id_slug, title: 'Litho spring', issued_count: 1 },
        ],
      ],
      [unused, 0, 0, []],
    ]);
    // Paged in SQL: one certificate a page, two pages.
    const first = AdminCertificateListResponseSchema.parse(
      (
        await t.http
          .get('/api/certificates/admin/list')
          .query({ search_query: 'Lithography', order_by: 'title', page_size: 1 })
          .set(bearer(admin))
          .expect(200)
      ).body,
    );
    expect(first).toMatchObject({ count: 2, num_pages: 2 });
    expect(first.data.map((c) => c.id_slug)).toEqual([cert]);
    await t.http.get('/api/certificates/admin/list').set(bearer(instructor)).expect(403);
  });
});
