import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/** The school-wide Students list shows every cohort of a student, each with the student's progress in it. */
let t: TestApp;
let admin: TestUser;
let aisyah: TestUser;
let older: { id_slug: string };
let newer: { id_slug: string };

interface Row {
  id_slug: string;
  first_name: string;
  last_name: string;
  cohort_enrollments: { cohort_id_slug: string; cohort_title: string; enrolment_status: string; completion_percentage: number }[];
}
const list = async (query: string): Promise<Row[]> =>
  (await t.http.get(`/api/auth/admin/students/list?role=STUDENT&${query}`).set(bearer(admin)).expect(200)).body.data;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', WORKERS: '0' });
  admin = await createUser(t, { role: 'ADMIN' });
  const course = await makeCourse(t, admin, {
    title: 'Wafer basics',
    modules: [
      {
        title: 'M',
        lessons: [
          { title: 'R1', lesson_type: 'READING' },
          { title: 'R2', lesson_type: 'READING' },
        ],
      },
    ],
  });
  older = await makeCohort(t, admin, { title: 'Wafer Spring', course_ids: [course.id_slug] });
  newer = await makeCohort(t, admin, { title: 'Wafer Autumn', course_ids: [course.id_slug] });
  aisyah = await createUser(t, { first_name: 'Aisyah', last_name: 'Zulkifli', email: 'aisyah.z@school.test' });
  await createUser(t, { first_name: 'Bala', last_name: 'Anand', email: 'bala.a@school.test' });
  await enrol(t, admin, older.id_slug, aisyah);
  await enrol(t, admin, newer.id_slug, aisyah);
  // Aisyah reads one of the two lessons in the newer cohort only.
  const lesson = course.modules[0].lessons[0].id_slug;
  await t.http
    .patch(`/api/cohorts/admin/${newer.id_slug}/mark-lesson-complete`)
    .set(bearer(aisyah))
    .send({ user_id_slug: aisyah.id_slug, lesson_id_slug: lesson })
    .expect(200);
});
afterAll(async () => t?.close());

describe('GET /api/auth/admin/students/list: every cohort of a student', () => {
  it('lists both cohorts of a student in two, newest enrolment first, each with its own progress (0% for nothing done)', async () => {
    const [row] = await list('search_query=aisyah');
    expect(row.cohort_enrollments).toEqual([
      expect.objectContaining({
        cohort_id_slug: newer.id_slug,
        cohort_title: 'Wafer Autumn',
        enrolment_status: 'ACTIVE',
        completion_percentage: 50,
      }),
      expect.objectContaining({
        cohort_id_slug: older.id_slug,
        cohort_title: 'Wafer Spring',
        enrolment_status: 'ACTIVE',
        completion_percentage: 0,
      }),
    ]);
    // The spec's single enrolment stays: the latest one.
    expect(row).toMatchObject({ cohort_enrollment: { cohort_id_slug: newer.id_slug }, completion_percentage: 50 });
  });

  it('still lists every cohort when filtered to one of them (the filter picks the single enrolment)', async () => {
    const [row] = await list(`cohort_id_slug=${older.id_slug}`);
    expect(row.id_slug).toBe(aisyah.id_slug);
    expect(row).toMatchObject({ cohort_enrollment: { cohort_id_slug: older.id_slug }, completion_percentage: 0 });
    expect(row.cohort_enrollments.map((c) => c.cohort_title)).toEqual(['Wafer Autumn', 'Wafer Spring']);
  });

  it('answers an empty list for a student in no cohort', async () => {
    const [row] = await list('search_query=bala');
    expect(row.cohort_enrollments).toEqual([]);
  });

  it('keeps search and every sort working, last name A-Z and Z-A included', async () => {
    expect((await list('search_query=ZULKIFLI')).map((r) => r.first_name)).toEqual(['Aisyah']);
    expect((await list('order_by=last_name')).map((r) => r.last_name)).toEqual(['Anand', 'Zulkifli']);
    expect((await list('order_by=-last_name')).map((r) => r.last_name)).toEqual(['Zulkifli', 'Anand']);
    expect((await list('order_by=email')).map((r) => r.first_name)).toEqual(['Aisyah', 'Bala']);
  });

  it('reads a page in as many statements whatever the number of cohorts per student (no query per row)', async () => {
    const one = await countStatements(() => list('search_query=bala'));
    const both = await countStatements(() => list('page_size=10'));
    expect(both).toBe(one);
  });

  it('has indexes behind the last-name and email sorts among students', async () => {
    const defs = (await t.ds.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'users'`)).map(
      (r: { indexdef: string }) => r.indexdef,
    );
    expect(defs).toEqual(
      expect.arrayContaining([expect.stringContaining('(role, lower(last_name))'), expect.stringContaining('(role, email)')]),
    );
  });
});
