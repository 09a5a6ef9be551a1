import { UserCohortViewResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmittedLessonsCompleted1764000003000 } from '../../src/database/migrations/1764000003000-submitted-lessons-completed';
import { EVALUATE_CERTIFICATES_JOB } from '../../src/modules/certificates/certificates.service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { enrol, isoIn, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A project lesson has no 'Mark as complete': handing it in completes it, by the one completion
 * rule (lesson_completions), in the hand-in's transaction, which also queues the certificates'
 * evaluation; hand-ins made before that rule are counted by a migration.
 */
let t: TestApp;
let admin: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A cohort of one course (a reading and a project with an open grade item) and one enrolled student, made through the API. */
async function setup() {
  n++;
  const course = await makeCourse(t, admin, {
    title: `Etch course ${n}`,
    modules: [
      {
        title: 'Etch',
        lessons: [
          { title: 'Plasma notes', lesson_type: 'READING' },
          { title: 'Etch recipe project', lesson_type: 'PROJECT' },
        ],
      },
    ],
  });
  const [reading, project] = course.modules[0].lessons;
  const cohort = await makeCohort(t, admin, { title: `Etch cohort ${n}`, course_ids: [course.id_slug] });
  await t.http
    .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${project.id_slug}/grade-item`)
    .set(bearer(admin))
    .send({ deadline_datetime: isoIn(7), grade_percentage: 100 })
    .expect(200);
  const student = await createUser(t);
  await enrol(t, admin, cohort.id_slug, student);
  const view = async () =>
    UserCohortViewResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${student.id_slug}/`).set(bearer(student)).expect(200)).body,
    ).data;
  const handIn = () =>
    t.http
      .post(`/api/cohorts/${cohort.id_slug}/lessons/${project.id_slug}/project/submission`)
      .set(bearer(student))
      .attach('file', makeZip([{ name: 'recipe.txt', data: 'CF4 40 sccm' }]), 'recipe.zip')
      .expect(201);
  const read = () =>
    t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete`)
      .set(bearer(student))
      .send({ user_id_slug: student.id_slug, lesson_id_slug: reading.id_slug })
      .expect(200);
  return { cohort, reading, project, student, view, handIn, read };
}

const evaluations = (cohortId: string, states: string[]) =>
  t.ds.query(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2 AND state::text = ANY($3::text[])`, [
    EVALUATE_CERTIFICATES_JOB,
    String(cohortId),
    states,
  ]);

describe('handing in a project', () => {
  it('completes the project lesson for every figure; a second hand-in keeps it once', async () => {
    const s = await setup();
    await s.read();
    expect((await s.view()).user_cohort_part.completed_lessons_ids).toEqual([s.reading.id_slug]);
    await s.handIn();
    const v = await s.view();
    expect(v.user_cohort_part.completed_lessons_ids.sort()).toEqual([s.reading.id_slug, s.project.id_slug].sort());
    expect(v.courses_part[0].completion_percentage).toBe(100);
    const students = await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/students`).set(bearer(admin)).expect(200);
    expect(students.body.data[0].completion_percentage).toBe(100);
    await s.handIn();
    expect((await s.view()).user_cohort_part.completed_lessons_ids).toHaveLength(2);
  });

  it('queues the certificate evaluation, which issues a certificate the hand-in earned', async () => {
    const s = await setup();
    const cert = await linkNewCertificate(t, admin, s.cohort.id_slug, `Etch certificate ${n}`);
    // Lessons alone earn it here, so the hand-in is the last thing missing.
    await t.http
      .put(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${cert}/rules`)
      .set(bearer(admin))
      .send({ min_lessons_percent: 100, require_mandatory_graded: false, min_weighted_total: 0 })
      .expect(200);
    await s.read();
    // Every evaluation queued so far has run (and issued nothing): only the hand-in's can issue.
    await until('earlier evaluations to finish', async () => (await evaluations(s.cohort.id, ['created', 'retry', 'active'])).length === 0);
    const certificate = async () => (await s.view()).certificates_part.find((c) => c.id_slug === cert)!;
    expect((await certificate()).user_certificate?.progress ?? 'IN_PROGRESS').toBe('IN_PROGRESS');
    const before = (await evaluations(s.cohort.id, ['completed'])).length;

    await s.handIn();
    expect((await evaluations(s.cohort.id, ['created', 'retry', 'active', 'completed'])).length).toBe(before + 1);
    const issued = await until('the certificate to be issued', async () => {
      const c = await certificate();
      return c.user_certificate?.progress === 'COMPLETED' && c;
    });
    expect(issued.requirements?.lessons_percent).toBe(100);
  });
});

describe('the migration counting earlier hand-ins', () => {
  it('completes the lesson of each hand-in made before the rule, dated at the hand-in, for students still enrolled', async () => {
    const s = await setup();
    const gone = await setup();
    await s.handIn();
    await gone.handIn();
    // A school before the rule: hand-ins without their completion.
    await t.ds.query(`DELETE FROM lesson_completions WHERE lesson_id IN (SELECT id FROM lessons WHERE id_slug = ANY($1))`, [
      [s.project.id_slug, gone.project.id_slug],
    ]);
    expect((await s.view()).user_cohort_part.completed_lessons_ids).toEqual([]);
    // The other student has left their cohort since; their hand-in stays, their progress does not come back.
    await t.http
      .delete(`/api/cohorts/admin/${gone.cohort.id_slug}/remove-student`)
      .set(bearer(admin))
      .send({ user_id_slug: gone.student.id_slug })
      .expect(200);

    const runner = t.ds.createQueryRunner();
    await new SubmittedLessonsCompleted1764000003000().up(runner);
    await runner.release();

    expect((await s.view()).user_cohort_part.completed_lessons_ids).toEqual([s.project.id_slug]);
    const [row] = await t.ds.query(
      `SELECT lc.completed_at = sub.submitted_at AS same FROM lesson_completions lc
         JOIN lessons l ON l.id = lc.lesson_id JOIN submissions sub ON sub.user_id = lc.user_id
        WHERE l.id_slug = $1`,
      [s.project.id_slug],
    );
    expect(row.same).toBe(true);
    const [{ count }] = await t.ds.query(
      `SELECT count(*)::int AS count FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id WHERE l.id_slug = $1`,
      [gone.project.id_slug],
    );
    expect(count).toBe(0);
  });
});
