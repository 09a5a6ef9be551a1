import {
  GradebookResponseSchema,
  GradeOverrideLogResponseSchema,
  GradeOverrideResponseSchema,
  OVERRIDE_REASON_REQUIRED,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkInstructor, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Grades set by hand in the gradebook: by the cohort's instructors or admins, with a reason; the
 * computed grade stays beside the override, the override counts in weighted totals and
 * certificates, it can be cleared, and every change is in an append-only log.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let cohort: { id: string; id_slug: string };
let projectItem: string;
let quizItem: string;

const override = (who: TestUser, item: string, student: TestUser, body: Record<string, unknown>) =>
  t.http.put(`/api/grading/items/${item}/students/${student.id_slug}/override`).set(bearer(who)).send(body);
const book = async (who: TestUser) =>
  GradebookResponseSchema.parse((await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(who)).expect(200)).body)
    .data;
const log = async (who: TestUser) =>
  GradeOverrideLogResponseSchema.parse(
    (await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/grade-overrides`).set(bearer(who)).expect(200)).body,
  ).data;
const row = (b: Awaited<ReturnType<typeof book>>, who: TestUser) => b.students.find((s) => s.id_slug === who.id_slug)!;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Hassan' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Tina', last_name: 'Teo' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  alice = await createUser(t, { first_name: 'Alice', last_name: 'Able' });
  bob = await createUser(t, { first_name: 'Bob', last_name: 'Baker' });
  outsider = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Overrides course',
    modules: [
      {
        title: 'Work',
        lessons: [
          { title: 'Layout project', lesson_type: 'PROJECT' },
          { title: 'Theory quiz', lesson_type: 'QUIZ' },
        ],
      },
    ],
  });
  const lessons = course.modules[0].lessons;
  cohort = await makeCohort(t, admin, { title: 'Override cohort', course_ids: [course.id_slug] });
  await enrol(t, admin, cohort.id_slug, alice);
  await enrol(t, admin, cohort.id_slug, bob);
  await linkInstructor(t, admin, cohort.id_slug, teacher);
  const item = async (title: string, body: Record<string, unknown>) =>
    (
      await t.http
        .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lessons.find((l) => l.title === title)!.id_slug}/grade-item`)
        .set(bearer(admin))
        .send(body)
        .expect(200)
    ).body.id_slug as string;
  projectItem = await item('Layout project', { grade_percentage: 60, is_mandatory: true });
  quizItem = await item('Theory quiz', { grade_percentage: 40, is_mandatory: false });
});
afterAll(async () => t?.close());

describe('grade overrides', () => {
  it('sets a grade by hand with a reason; the computed grade stays beside it and the override counts in the total', async () => {
    const res = await override(teacher, projectItem, alice, { grade: 72.5, reason: ' Marked on paper after the upload failed ' }).expect(
      200,
    );
    const entry = GradeOverrideResponseSchema.parse(res.body).data;
    expect(entry).toMatchObject({
      item_id_slug: projectItem,
      lesson_title: 'Layout project',
      previous_grade: null,
      grade: 72.5,
      computed_grade: null,
      reason: 'Marked on paper after the upload failed',
      changed_by: 'Tina Teo',
    });
    expect(entry.student.id_slug).toBe(alice.id_slug);

    const b1 = await book(teacher);
    const projectIndex = b1.items.findIndex((i) => i.id_slug === projectItem);
    expect(row(b1, alice).grades[projectIndex]).toMatchObject({
      user_grade: null,
      override: { grade: 72.5, reason: 'Marked on paper after the upload failed', changed_by: 'Tina Teo' },
    });
    // 72.5 x 60 over 100: counted, and the mandatory item is no longer missing.
    expect(row(b1, alice)).toMatchObject({ weighted_total: 43.5, missing_mandatory: 0 });
    expect(row(b1, bob)).toMatchObject({ weighted_total: 0, missing_mandatory: 1, grades: [{ override: null }, { override: null }] });
  });

  it('refuses a change without a reason, a grade out of range or finer than two decimals, and an unchanged grade', async () => {
    const noReason = await override(teacher, quizItem, bob, { grade: 50, reason: '   ' }).expect(400);
    expect(noReason.body.errors.reason).toBe(OVERRIDE_REASON_REQUIRED);
    await override(teacher, quizItem, bob, { grade: 50 }).expect(400);
    await override(teacher, quizItem, bob, { grade: 100.5, reason: 'x' }).expect(400);
    await override(teacher, quizItem, bob, { grade: 33.333, reason: 'x' }).expect(400);
    await override(teacher, quizItem, bob, { grade: 50, reason: 'Oral exam' }).expect(200);
    const same = await override(teacher, quizItem, bob, { grade: 50, reason: 'Again' }).expect(422);
    expect(same.body.errors.grade).toBeDefined();
  });

  it('clears an override (with a reason), leaving the computed grade to count, and logs every change in order', async () => {
    await override(admin, quizItem, alice, { grade: 90, reason: 'Viva' }).expect(200);
    await override(teacher, quizItem, alice, { grade: 95, reason: 'Viva re-marked' }).expect(200);
    await override(teacher, quizItem, alice, { grade: null, reason: 'Entered in error' }).expect(200);
    const cleared = await override(teacher, quizItem, alice, { grade: null, reason: 'Again' }).expect(422);
    expect(cleared.body.errors.grade).toBeDefined();

    const b = await book(teacher);
    const quizIndex = b.items.findIndex((i) => i.id_slug === quizItem);
    expect(row(b, alice).grades[quizIndex].override).toBeNull();
    expect(row(b, alice).weighted_total).toBe(43.5);

    const entries = (await log(teacher)).filter((e) => e.item_id_slug === quizItem && e.student.id_slug === alice.id_slug);
    expect(entries.map((e) => [e.previous_grade, e.grade, e.reason])).toEqual([
      [95, null, 'Entered in error'],
      [90, 95, 'Viva re-marked'],
      [null, 90, 'Viva'],
    ]);
    expect(entries[2].changed_by).toBe('Nadia Hassan');
    expect(Date.parse(entries[0].changed_at)).toBeGreaterThanOrEqual(Date.parse(entries[2].changed_at));
  });

  it('keeps the log append-only', async () => {
    await expect(t.ds.query(`UPDATE grade_override_entries SET reason = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM grade_override_entries`)).rejects.toThrow(/append-only/);
  });

  it('is only for the cohort’s instructors and admins, on students of that cohort', async () => {
    await override(otherTeacher, projectItem, bob, { grade: 10, reason: 'x' }).expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/grade-overrides`).set(bearer(otherTeacher)).expect(404);
    await override(alice, projectItem, alice, { grade: 100, reason: 'x' }).expect(403);
    await override(alice, projectItem, bob, { grade: 0, reason: 'x' }).expect(403);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/grade-overrides`).set(bearer(alice)).expect(403);
    await override(teacher, projectItem, outsider, { grade: 50, reason: 'x' }).expect(404);
    const b = await book(teacher);
    expect(row(b, bob).grades.every((g) => g.override === null || g.override.reason === 'Oral exam')).toBe(true);
  });

  it('counts the override in the certificate rules', async () => {
    await linkNewCertificate(t, admin, cohort.id_slug, 'Override certificate');
    const progress = async (who: TestUser) =>
      (
        await t.ds.query(
          `SELECT missing_mandatory::int AS missing, weighted_total::float8 AS total FROM certificate_progress($1, (SELECT id FROM users WHERE id_slug = $2))`,
          [cohort.id, who.id_slug],
        )
      )[0];
    // Bob: 50 on the quiz by hand (weight 40), the mandatory project missing.
    expect(await progress(bob)).toEqual({ missing: 1, total: 20 });
    await override(teacher, projectItem, bob, { grade: 80, reason: 'Project defended in person' }).expect(200);
    expect(await progress(bob)).toEqual({ missing: 0, total: 68 });
  });
});
