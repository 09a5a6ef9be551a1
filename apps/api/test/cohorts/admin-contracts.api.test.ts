import { routes } from '@school/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, isoIn, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz } from '../fixtures/grade-item.fixtures';

/** Every admin answer parses with its route's response schema, as the console's typed client demands. */
let t: TestApp;
let admin: TestUser;
let instructor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
});
afterAll(async () => t?.close());

it('answers every admin call in the shape of its contract', async () => {
  const as = bearer(admin);
  const check = (name: keyof typeof routes, body: unknown) => {
    const parsed = routes[name].response.safeParse(body);
    expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  };
  const created = await t.http.post('/api/courses/admin/create/').set(as).send({ title: 'Shape course' }).expect(201);
  check('adminCourseCreate', created.body);
  const course = await makeCourse(t, admin, {
    title: 'Shaped',
    modules: [
      {
        title: 'M',
        lessons: [
          { title: 'Q', lesson_type: 'QUIZ' },
          { title: 'P', lesson_type: 'PROJECT' },
        ],
      },
    ],
  });
  // The quiz is written as an admin writes it (timed), so the lesson carries its quiz summary.
  await authorQuiz(t, admin, course.modules[0].lessons.find((l) => l.title === 'Q')!.id_slug, { time_limit_minutes: 20 });
  const cohort = await makeCohort(t, admin, { title: 'Shaped cohort', course_ids: [course.id_slug] });
  const student = await createUser(t);
  await enrol(t, admin, cohort.id_slug, student);
  await linkInstructor(t, admin, cohort.id_slug, instructor);
  const cert = await t.http.post('/api/certificates/admin/create').set(as).send({ title: 'Shape cert' }).expect(201);
  check('adminCertificateCreate', cert.body);

  const get = async (name: keyof typeof routes, url: string, who = as) => check(name, (await t.http.get(url).set(who).expect(200)).body);
  await get('adminCourseList', '/api/courses/admin/list');
  await get('adminCourseDetail', `/api/courses/admin/${course.id_slug}`);
  await get('adminCohortList', '/api/cohorts/admin/list');
  await get('adminActiveCohorts', '/api/cohorts/admin/list/active');
  await get('adminCohortDetail', `/api/cohorts/admin/${cohort.id_slug}`);
  await get('adminStudentList', '/api/auth/admin/students/list');
  await get('adminCohortStudents', `/api/cohorts/admin/${cohort.id_slug}/students`);
  await get('adminCohortQueue', `/api/cohorts/admin/${cohort.id_slug}/queue`);
  await get('adminCertificateList', '/api/certificates/admin/list');
  await get('instructorCohorts', '/api/instructor/cohorts', bearer(instructor));

  check(
    'adminCourseUpdate',
    (await t.http.patch(`/api/courses/admin/${course.id_slug}/update/`).set(as).send({ title: 'Shaped 2' }).expect(200)).body,
  );
  check(
    'adminAddModule',
    (await t.http.post(`/api/courses/admin/${course.id_slug}/add-module/`).set(as).send({ title: 'M2', order: 1 }).expect(201)).body,
  );
  check(
    'adminModulesUpdate',
    (await t.http.put(`/api/courses/admin/${course.id_slug}/modules/update/`).set(as).send({ modules: [] }).expect(200)).body,
  );
  check(
    'adminCohortUpdate',
    (
      await t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
        .set(as)
        .send({ title: 'C', start_date: isoIn(-1), end_date: isoIn(5), end_access_date: isoIn(6) })
        .expect(200)
    ).body,
  );
  check(
    'adminUpdateStudents',
    (
      await t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
        .set(as)
        .send({ user_id_slug: student.id_slug, enrolment_status: 'SUSPENDED' })
        .expect(200)
    ).body,
  );
  check(
    'adminAddStudentBulk',
    (
      await t.http
        .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
        .set(as)
        .send({ students: [{ email: 'shape@x.test', first_name: 'S', last_name: 'H' }] })
        .expect(200)
    ).body,
  );
  check(
    'adminAddCertificate',
    (
      await t.http
        .post(`/api/cohorts/admin/${cohort.id_slug}/add-certificate`)
        .set(as)
        .send({ certificate_id_slug: cert.body.id_slug })
        .expect(201)
    ).body,
  );
  check(
    'adminRemoveStudent',
    (await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/remove-student`).set(as).send({ user_id_slug: student.id_slug }).expect(200))
      .body,
  );
  check(
    'adminAddStudent',
    (await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`).set(as).send({ user_id_slug: student.id_slug }).expect(201))
      .body,
  );
  const other = await makeCourse(t, admin, { title: 'Other' });
  const empty = await makeCohort(t, admin, { title: 'Empty', course_ids: [course.id_slug] });
  check(
    'adminCohortAddCourse',
    (await t.http.post(`/api/cohorts/admin/${empty.id_slug}/add-course`).set(as).send({ course_id_slug: other.id_slug }).expect(201)).body,
  );
  check(
    'adminCohortRemoveCourse',
    (await t.http.delete(`/api/cohorts/admin/${empty.id_slug}/courses/${other.id_slug}`).set(as).expect(200)).body,
  );
  check('adminCohortDelete', (await t.http.delete(`/api/cohorts/admin/${empty.id_slug}`).set(as).expect(200)).body);
  const cohortCreate = await t.http
    .post('/api/cohorts/admin/create/')
    .set(as)
    .send({ title: 'Shape', start_date: isoIn(1), end_date: isoIn(2), end_access_date: isoIn(3), course_ids: [course.id_slug] })
    .expect(201);
  check('adminCohortCreate', cohortCreate.body);
});
